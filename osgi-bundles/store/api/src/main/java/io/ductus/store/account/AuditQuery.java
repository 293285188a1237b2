package io.ductus.store.account;

/**
 * A page of the audit log, newest first.
 *
 * @param beforeId only rows with a smaller id (the previous page's {@link AuditPage#nextBeforeId()}), or null
 * @param limit    at most this many rows (1 to 500)
 * @param userId   only rows of this user (acting, or owning the token acting), or null
 * @param tokenId  only rows of this token, or null
 */
public record AuditQuery(Long beforeId, int limit, Long userId, Long tokenId) {

    public static final int MAX_LIMIT = 500;

    public AuditQuery {
        if (limit < 1 || limit > MAX_LIMIT) throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
    }
}
