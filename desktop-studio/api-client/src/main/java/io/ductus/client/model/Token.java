package io.ductus.client.model;

import java.time.Instant;
import java.util.List;

/** An API token as listed (never its secret); a revoked one has revokedAt. */
@ApiSchema("Token")
public record Token(long id, String name, String role, List<String> permissions, String owner, Instant createdAt, String createdBy,
                    Instant revokedAt) {

    public Token {
        permissions = permissions == null ? List.of() : List.copyOf(permissions);
    }
}
