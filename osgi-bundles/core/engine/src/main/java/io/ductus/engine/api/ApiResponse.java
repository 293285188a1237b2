package io.ductus.engine.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A status, a content type, the body bytes and any extra headers (Set-Cookie). JSON bodies are written by
 * the one shared mapper. A streamed response ({@link #stream(String, ResponseStream)}) has no body bytes:
 * its body is written bit by bit after the headers, until the stream ends or the client goes.
 *
 * @param stream the streamed body, or null for a body of bytes
 */
public record ApiResponse(int status, String contentType, byte[] body, Map<String, String> headers, ResponseStream stream) {

    static final ObjectMapper JSON = JsonMapper.builder()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    public ApiResponse {
        headers = Map.copyOf(headers);
    }

    public ApiResponse(int status, String contentType, byte[] body, Map<String, String> headers) {
        this(status, contentType, body, headers, null);
    }

    public ApiResponse(int status, String contentType, byte[] body) {
        this(status, contentType, body, Map.of());
    }

    /** 200 with a body written as it comes (server-sent events). */
    public static ApiResponse stream(String contentType, ResponseStream stream) {
        return new ApiResponse(200, contentType, new byte[0], Map.of(), java.util.Objects.requireNonNull(stream));
    }

    public static ApiResponse json(int status, Object value) {
        try {
            return new ApiResponse(status, "application/json", JSON.writeValueAsBytes(value));
        } catch (Exception e) {
            throw new IllegalStateException("cannot write JSON for " + value.getClass().getName(), e);
        }
    }

    /** 204: done, nothing to say. */
    public static ApiResponse noContent() {
        return new ApiResponse(204, "application/json", new byte[0]);
    }

    /** An RFC 9457 problem document: a short title and a detail that says what to do. */
    public static ApiResponse problem(int status, String title, String detail) {
        return problem(status, title, detail, Map.of());
    }

    /** A problem document with more members after the four (RFC 9457 §3.2). */
    public static ApiResponse problem(int status, String title, String detail, Map<String, Object> extensions) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        body.putAll(extensions);
        ApiResponse json = json(status, body);
        return new ApiResponse(status, "application/problem+json", json.body());
    }

    /** This streamed answer, closing {@code afterwards} once its stream has ended (however it ended). */
    ApiResponse whileStreaming(AutoCloseable afterwards) {
        ResponseStream inner = stream;
        return new ApiResponse(status, contentType, body, headers, out -> {
            try {
                inner.writeTo(out);
            } finally {
                try {
                    afterwards.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
    }

    public ApiResponse withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ApiResponse(status, contentType, body, more, stream);
    }
}
