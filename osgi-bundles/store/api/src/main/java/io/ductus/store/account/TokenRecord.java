package io.ductus.store.account;

import java.util.Set;

/**
 * A token as stored (never its secret).
 *
 * @param userId    the owner, or null for a service token
 * @param username  the owner's name, or null
 * @param createdBy who made it, as the audit log names actors
 * @param revokedAt when it was revoked, or null
 */
public record TokenRecord(long id, String name, String role, Set<String> permissions, Long userId, String username,
                          long createdAt, String createdBy, Long revokedAt) {

    public TokenRecord {
        permissions = Set.copyOf(permissions);
    }
}
