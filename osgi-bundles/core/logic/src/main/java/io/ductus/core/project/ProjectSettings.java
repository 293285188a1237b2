package io.ductus.core.project;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.sdk.config.HostPort;
import java.util.Objects;
import java.util.Optional;

/**
 * ductus.yaml: the engine-wide settings.
 *
 * @param apiListen the REST API's address, when written
 * @param database  the database, when written; a relative SQLite path is as written here (the loader
 *                  resolves it against the project folder)
 */
public record ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database) {

    public static final ProjectSettings DEFAULTS = new ProjectSettings(Optional.empty(), Optional.empty());

    public ProjectSettings {
        Objects.requireNonNull(apiListen, "apiListen");
        Objects.requireNonNull(database, "database");
    }

    public ProjectSettings withDatabase(DatabaseSetting db) {
        return new ProjectSettings(apiListen, Optional.of(db));
    }
}
