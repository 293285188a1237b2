package io.ductus.store.account;

import java.util.Set;

/** A user to add. */
public record NewUser(String username, String role, Set<String> permissions, String passwordHash,
                      boolean mustChangePassword, long createdAt) {

    public NewUser {
        permissions = Set.copyOf(permissions);
    }
}
