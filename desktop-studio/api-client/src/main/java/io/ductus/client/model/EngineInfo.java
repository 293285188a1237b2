package io.ductus.client.model;

import java.time.Instant;

/** GET /api/v1/engine, the parts the clients show: version, state, uptime, database. */
@ApiSchema("Engine")
public record EngineInfo(String version, String state, Instant startedAt, long uptimeSeconds, Database database, boolean draining) {

    /** Which database the engine uses; its location never holds a password. */
    public record Database(String kind, String location) {
    }
}
