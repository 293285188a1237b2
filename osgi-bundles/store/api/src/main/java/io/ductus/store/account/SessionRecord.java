package io.ductus.store.account;

/** A studio session as stored. */
public record SessionRecord(long id, long userId, String csrfHash, long createdAt, long lastSeenAt) {
}
