package io.ductus.client.model;

import java.time.Instant;
import java.util.List;

/** A user of the API and the studio, as an admin sees it (never a password hash). */
@ApiSchema("User")
public record User(long id, String username, String role, List<String> permissions, boolean mustChangePassword, boolean locked,
                   Instant lockedUntil, Instant createdAt, Instant passwordChangedAt) {

    public User {
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
    }
}
