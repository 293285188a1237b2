package io.ductus.core.project;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.config.DatabaseSetting;
import io.ductus.sdk.config.HostPort;
import java.time.ZoneId;
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
 * @param timeZone  the zone local times are read in, when written (else the machine's)
 * @param alerts    who hears of health problems ({@link AlertSettings#NONE} without an alerts section)
 * @param replay    how replays run and how long their results are kept
 * @param bytesInFlightMb the budget of bytes in flight ({@code limits.bytes_in_flight_mb}), when written
 * @param retention the window of interfaces that do not name one ({@code retention:}, default 7w)
 * @param auditKeep how long audit rows are kept ({@code audit.keep}, default 6y)
 * @param apiSecurity the API listener's TLS, client certificates and allow list ({@code api.tls} and the rest)
 */
public record ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, Map<String, String> variables,
                              Optional<ZoneId> timeZone, AlertSettings alerts, Replay replay, Optional<Long> bytesInFlightMb,
                              io.ductus.core.retention.Window retention, io.ductus.core.retention.KeepYears auditKeep,
                              ListenerSecurity apiSecurity) {

    /** Settings with a plain API that anyone may reach. */
    public ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, Map<String, String> variables,
                           Optional<ZoneId> timeZone, AlertSettings alerts, Replay replay, Optional<Long> bytesInFlightMb,
                           io.ductus.core.retention.Window retention, io.ductus.core.retention.KeepYears auditKeep) {
        this(apiListen, database, variables, timeZone, alerts, replay, bytesInFlightMb, retention, auditKeep, ListenerSecurity.NONE);
    }

    /**
     * ductus.yaml's replay section: results kept for {@code keep}; a replay spread over {@code threads}
     * threads (0: the machine's cores, at most four).
     */
    public record Replay(java.time.Duration keep, int threads) {
        public static final Replay DEFAULTS = new Replay(java.time.Duration.ofDays(7), 0);
    }

    /** Settings with the retention defaults. */
    public ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, Map<String, String> variables,
                           Optional<ZoneId> timeZone, AlertSettings alerts, Replay replay, Optional<Long> bytesInFlightMb) {
        this(apiListen, database, variables, timeZone, alerts, replay, bytesInFlightMb, io.ductus.core.retention.Window.DEFAULT,
                io.ductus.core.retention.KeepYears.DEFAULT);
    }

    /** Settings with the replay defaults and the default limits. */
    public ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, Map<String, String> variables,
                           Optional<ZoneId> timeZone, AlertSettings alerts) {
        this(apiListen, database, variables, timeZone, alerts, Replay.DEFAULTS, Optional.empty());
    }

    public static final ProjectSettings DEFAULTS = new ProjectSettings(Optional.empty(), Optional.empty(), Map.of());

    /** Settings without a time zone or alerts. */
    public ProjectSettings(Optional<HostPort> apiListen, Optional<DatabaseSetting> database, Map<String, String> variables) {
        this(apiListen, database, variables, Optional.empty(), AlertSettings.NONE);
    }

    public ProjectSettings {
        Objects.requireNonNull(apiListen, "apiListen");
        Objects.requireNonNull(database, "database");
        variables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
        Objects.requireNonNull(timeZone, "timeZone");
        Objects.requireNonNull(alerts, "alerts");
        Objects.requireNonNull(replay, "replay");
        Objects.requireNonNull(bytesInFlightMb, "bytesInFlightMb");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(auditKeep, "auditKeep");
        Objects.requireNonNull(apiSecurity, "apiSecurity");
    }

    public ProjectSettings withDatabase(DatabaseSetting db) {
        return new ProjectSettings(apiListen, Optional.of(db), variables, timeZone, alerts, replay, bytesInFlightMb, retention, auditKeep,
                apiSecurity);
    }
}
