package io.ductus.store.account;

import java.util.Set;

/** A token to add: its SHA-256, never the secret. */
public record NewToken(String name, String tokenHash, String role, Set<String> permissions, Long userId,
                       long createdAt, String createdBy) {

    public NewToken {
        permissions = Set.copyOf(permissions);
    }
}
