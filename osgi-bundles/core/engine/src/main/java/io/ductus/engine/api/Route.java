package io.ductus.engine.api;

/**
 * One operation of the REST API: method and path under /api/v1, a stable operation id, and its handler.
 * The list of routes is the single source for the router (and, from the REST API issue on, the OpenAPI
 * document and the access table).
 */
public record Route(String method, String path, String operationId, String summary, Handler handler) {

    /** Turns a request into a response; runs on the listener's event loop, so it must not block. */
    @FunctionalInterface
    public interface Handler {
        ApiResponse handle(ApiRequest request) throws Exception;
    }
}
