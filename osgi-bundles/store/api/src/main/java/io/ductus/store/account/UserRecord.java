package io.ductus.store.account;

import java.util.Set;

/**
 * A user as stored.
 *
 * @param passwordHash       argon2id PHC string, or null (no password sign-in)
 * @param failures           its name's wrong passwords from every address: their sum, the last, the latest lock
 * @param disabledAt         when the account was disabled, or null
 */
public record UserRecord(long id, String username, String role, Set<String> permissions, String passwordHash,
                         boolean mustChangePassword, SignInFailures failures, Long disabledAt, long createdAt,
                         Long passwordChangedAt) {

    public UserRecord {
        permissions = Set.copyOf(permissions);
    }
}
