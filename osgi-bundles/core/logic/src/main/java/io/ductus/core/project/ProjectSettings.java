package io.ductus.core.project;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.sdk.config.HostPort;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * ductus.yaml: the engine-wide settings.
 *
 * @param apiListen the REST API's address, when written
 * @param database  the database, when written; a relative SQLite path is as written here (the loader
 *                  resolves it against the project folder)
 * @param variables what interface code may read with {@code env(name)}, with their defaults, in file order
 */
public record ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, Map<String, String> variables) {

    public static final ProjectSettings DEFAULTS = new ProjectSettings(Optional.empty(), Optional.empty(), Map.of());

    public ProjectSettings {
        Objects.requireNonNull(apiListen, "apiListen");
        Objects.requireNonNull(database, "database");
        variables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
    }

    public ProjectSettings withDatabase(DatabaseSetting db) {
        return new ProjectSettings(apiListen, Optional.of(db), variables);
    }
}
