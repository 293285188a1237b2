package io.ductus.engine.api;

/**
 * Thrown by a handler (or the router) to answer with an RFC 9457 problem document: the status, a short
 * title and a detail that says what to do. Not an error of the engine: nothing is logged.
 */
public final class ApiProblem extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String title;
    private final transient java.util.Map<String, Object> extensions;
    private final Long retryAfterSeconds;

    public ApiProblem(int status, String title, String detail) {
        this(status, title, detail, java.util.Map.of());
    }

    /** @param extensions more members of the problem document (RFC 9457 §3.2), such as the problems of a deploy */
    public ApiProblem(int status, String title, String detail, java.util.Map<String, Object> extensions) {
        this(status, title, detail, extensions, null);
    }

    private ApiProblem(int status, String title, String detail, java.util.Map<String, Object> extensions, Long retryAfterSeconds) {
        super(detail, null, false, false);
        this.status = status;
        this.title = title;
        this.extensions = java.util.Map.copyOf(extensions);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** The same problem, telling the caller how long to wait before trying again (Retry-After). */
    public ApiProblem retryAfter(long seconds) {
        return new ApiProblem(status, title, detail(), extensions, seconds);
    }

    public static ApiProblem badRequest(String detail) {
        return new ApiProblem(400, "Bad request", detail);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return getMessage();
    }

    public ApiResponse response() {
        ApiResponse problem = ApiResponse.problem(status, title, detail(), extensions);
        return retryAfterSeconds == null ? problem : problem.withHeader("Retry-After", Long.toString(retryAfterSeconds));
    }
}
