package io.ductus.sdk;

import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Answers a request with the interface's code instead of storing it (respond mode: no queue, nothing
 * stored, the code's answer goes straight back to the caller).
 *
 * <p>The engine's {@link Intake} also implements this interface when the interface has code
 * (transform.js): a source that offers a respond mode checks {@code intake instanceof Responder} in
 * {@link Source#start} and refuses to start without it. The code's export {@code transform} gets the
 * request as {@code msg} and returns {@code {status, headers, body}}; the engine turns what the code
 * decided into a {@link Response} (a filtered request is 204, a thrown error 500, a transient error or
 * runaway code 503), so the source only writes it out.
 */
@ProviderType
public interface Responder {

    /**
     * Runs the code on the request and completes with its answer. Completes exceptionally with an
     * {@link IntakeException} when the code cannot run now (the interface is stopping): the caller
     * should then get the protocol's retryable answer (HTTP 503).
     */
    CompletionStage<Response> respond(Request request);

    /**
     * A request as the source received it.
     *
     * @param method  the request method in upper case ({@code GET}, {@code POST}, …)
     * @param path    the request path, without the query ({@code /patients/123})
     * @param query   the query parameters by name, each with its values in order
     * @param headers the request headers by lower-case name; repeated headers joined with {@code ", "}
     * @param body    the body's exact bytes (empty when there is none); the engine takes ownership
     * @param charset the body's charset when the request named one, else null (the interface's
     *                {@code charset:}, else UTF-8, then applies)
     * @param origin  where it came from (remote address, …), shown to the code as {@code meta.origin}
     */
    record Request(String method, String path, Map<String, List<String>> query, Map<String, String> headers, byte[] body,
                   Charset charset, Map<String, String> origin) {

        public Request {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(path, "path");
            query = Map.copyOf(query);
            headers = Map.copyOf(headers);
            Objects.requireNonNull(body, "body");
            origin = Map.copyOf(origin);
        }
    }

    /**
     * The answer to send back.
     *
     * @param status  the HTTP status (100–599)
     * @param headers headers to send, by name; always holds {@code content-type} when the body is not empty
     * @param body    the body's exact bytes (empty for none)
     */
    record Response(int status, Map<String, String> headers, byte[] body) {

        public Response {
            if (status < 100 || status > 599) throw new IllegalArgumentException("status must be 100-599, got " + status);
            headers = Map.copyOf(headers);
            Objects.requireNonNull(body, "body");
        }
    }
}
