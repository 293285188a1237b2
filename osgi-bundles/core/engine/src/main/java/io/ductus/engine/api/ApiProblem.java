package io.ductus.engine.api;

/**
 * Thrown by a handler (or the router) to answer with an RFC 9457 problem document: the status, a short
 * title and a detail that says what to do. Not an error of the engine: nothing is logged.
 */
public final class ApiProblem extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String title;

    public ApiProblem(int status, String title, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.title = title;
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
        return ApiResponse.problem(status, title, detail());
    }
}
