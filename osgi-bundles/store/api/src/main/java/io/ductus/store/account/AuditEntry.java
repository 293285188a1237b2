package io.ductus.store.account;

/**
 * One audit row to write.
 *
 * @param actor   who: {@code user:NAME}, {@code token:NAME}, {@code cli:OS-USER}, {@code anonymous}
 * @param userId  the user acting, or the owner of the token acting; null otherwise
 * @param tokenId the token acting, or null
 * @param via     how: session, token, cli, anonymous
 * @param address the caller's network address, or null
 * @param action  what, e.g. {@code user.create}, {@code token.revoke}, {@code session.refused}
 * @param target  to what, e.g. {@code user:alice}; may be null
 * @param outcome {@code ok} or {@code refused}
 * @param detail  a JSON document or null
 */
public record AuditEntry(long at, String actor, Long userId, Long tokenId, String via, String address, String action,
                         String target, String outcome, String detail) {
}
