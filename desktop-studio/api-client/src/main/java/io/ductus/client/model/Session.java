package io.ductus.client.model;

/** POST /api/v1/session's answer: the caller, the CSRF token to send with changes, and the session's limits. */
@ApiSchema("Session")
public record Session(Me me, String csrfToken, long idleTimeoutSeconds, long absoluteTimeoutSeconds) {
}
