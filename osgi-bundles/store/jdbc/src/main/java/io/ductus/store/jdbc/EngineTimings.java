package io.ductus.store.jdbc;

/**
 * The clocks of engines on one PostgreSQL database: how often a run writes its heartbeat and makes a claim
 * round, after how long without a heartbeat the others end its session and take its interfaces, and how long
 * a confirmed claim lets a worker send before it asks the database again. The lease is shorter than the stale
 * time less the heartbeat age a confirmation accepts ({@code stale - lease}), so a frozen engine's lease has
 * always run out before anyone can take its interfaces.
 */
public record EngineTimings(long heartbeatMs, long staleMs, long leaseMs, long roundMs) {

    /** Heartbeat and rounds every second, stale after 5 s, leases of 2 s (a confirmation needs a heartbeat under 3 s old). */
    public static final EngineTimings DEFAULT = new EngineTimings(1000, 5000, 2000, 1000);

    public EngineTimings {
        if (heartbeatMs <= 0 || roundMs <= 0 || leaseMs <= 0) throw new IllegalArgumentException("engine timings must be positive");
        if (staleMs - leaseMs <= heartbeatMs) {
            throw new IllegalArgumentException("stale time must exceed lease plus heartbeat: " + staleMs + " <= " + leaseMs + " + " + heartbeatMs);
        }
    }

    /** The oldest heartbeat a confirmation accepts: the stale time less the lease. */
    long freshForFenceMs() {
        return staleMs - leaseMs;
    }
}
