package io.ductus.connector.http;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the listener sends back for one request.
 *
 * @param status  the HTTP status
 * @param headers headers by name (Content-Length is added when written)
 * @param body    the body's bytes
 */
record Answer(int status, Map<String, String> headers, byte[] body) {

    Answer {
        headers = Map.copyOf(headers);
    }

    static Answer problem(Problem problem) {
        return new Answer(problem.status(), Map.of("content-type", Problem.CONTENT_TYPE), problem.json());
    }

    /** 503: not stored (or not answered) this time; the sender should try again after the listener's retry_after. */
    static Answer unavailable(String detail, ListenerSettings settings) {
        Answer problem = problem(new Problem(503, "Service Unavailable", detail));
        Map<String, String> headers = new LinkedHashMap<>(problem.headers());
        headers.put("retry-after", Long.toString(settings.retryAfterSeconds()));
        return new Answer(503, headers, problem.body());
    }

    static Answer json(int status, String json) {
        return new Answer(status, Map.of("content-type", "application/json"), json.getBytes(StandardCharsets.UTF_8));
    }
}
