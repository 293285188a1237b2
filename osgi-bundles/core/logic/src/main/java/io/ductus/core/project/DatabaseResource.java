package io.ductus.core.project;

import java.util.Objects;
import java.util.Optional;

/**
 * A named database connection from resources.yaml. It holds no credential, only references to them.
 *
 * @param name           the name interface code uses: {@code db("patients")}
 * @param url            the connection URL, without a password
 * @param user           the user name as written (plain, or a {@code ${secret:NAME}} the runtime resolves)
 * @param password       the password's secret
 * @param maxConnections the size of the shared pool
 */
public record DatabaseResource(String name, String url, Optional<String> user, Optional<SecretRef> password, int maxConnections) {

    public DatabaseResource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (maxConnections < 1) throw new IllegalArgumentException("maxConnections must be ≥ 1");
    }
}
