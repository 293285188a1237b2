package io.ductus.client;

/**
 * A call that did not succeed: the engine could not be reached, or it answered with a problem document
 * (RFC 9457) whose title and detail say what and what to do. {@link #kind()} says how a caller should react
 * (sign in again on {@link Kind#UNAUTHORIZED}, show the needed role on {@link Kind#FORBIDDEN}, wait and retry
 * on {@link Kind#UNREACHABLE}).
 */
public final class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What kind of failure, by how a caller reacts to it. */
    public enum Kind {
        /** No answer: connection refused or reset, a timeout, a name that does not resolve. */
        UNREACHABLE,
        /** 401: no caller, or the token or session is unknown, revoked or expired. */
        UNAUTHORIZED,
        /** 403 because an admin chose the password: only getMe, changeMyPassword and deleteSession work. */
        PASSWORD_CHANGE_REQUIRED,
        /** 403: the role or permissions are too low (the detail names what is needed), or the CSRF token is missing. */
        FORBIDDEN,
        NOT_FOUND,
        CONFLICT,
        BAD_REQUEST,
        /** 503: the engine is starting or stopping. */
        UNAVAILABLE,
        /** Any other answer, or one that is not what the API describes. */
        OTHER
    }

    private final Kind kind;
    private final int status;
    private final String title;
    private final String detail;
    private final java.util.List<String> problems;

    public ApiException(Kind kind, int status, String title, String detail) {
        this(kind, status, title, detail, java.util.List.of());
    }

    /** @param problems the texts of the problem document's {@code problems} (a refused deploy's, each file:line:column: field: message) */
    public ApiException(Kind kind, int status, String title, String detail, java.util.List<String> problems) {
        super(title + ": " + detail);
        this.kind = kind;
        this.status = status;
        this.title = title;
        this.detail = detail;
        this.problems = java.util.List.copyOf(problems);
    }

    static ApiException unreachable(String detail) {
        return new ApiException(Kind.UNREACHABLE, 0, "Cannot reach the engine", detail);
    }

    static ApiException of(int status, String title, String detail, java.util.List<String> problems) {
        Kind kind = switch (status) {
            case 400, 422 -> Kind.BAD_REQUEST;
            case 401 -> Kind.UNAUTHORIZED;
            case 403 -> "Password change required".equals(title) ? Kind.PASSWORD_CHANGE_REQUIRED : Kind.FORBIDDEN;
            case 404 -> Kind.NOT_FOUND;
            case 409 -> Kind.CONFLICT;
            case 502, 503, 504 -> Kind.UNAVAILABLE;
            default -> Kind.OTHER;
        };
        return new ApiException(kind, status, title, detail, problems);
    }

    public Kind kind() {
        return kind;
    }

    /** The HTTP status, or 0 when there was no answer. */
    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    /** What happened and what to do, as the engine said it. */
    public String detail() {
        return detail;
    }

    /** What the engine listed one by one beside the detail (the problems of files it refused); empty when nothing. */
    public java.util.List<String> problems() {
        return problems;
    }
}
