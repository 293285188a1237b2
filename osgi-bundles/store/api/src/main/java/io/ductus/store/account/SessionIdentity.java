package io.ductus.store.account;

/** A session found by its hash, with its user. */
public record SessionIdentity(SessionRecord session, UserRecord user) {
}
