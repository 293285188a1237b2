package io.ductus.store.account;

/** A session to add: the SHA-256 of its id and of its anti-CSRF token. */
public record NewSession(String sessionHash, String csrfHash, long userId, long createdAt) {
}
