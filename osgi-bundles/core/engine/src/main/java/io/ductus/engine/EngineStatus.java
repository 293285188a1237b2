package io.ductus.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** The engine's settings, state and uptime, shared with the API. */
public final class EngineStatus {

    private final EngineSettings settings;
    private final Clock clock;
    private final Instant startedAt;
    private volatile EngineState state = EngineState.STARTING;

    public EngineStatus(EngineSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.startedAt = clock.instant();
    }

    public EngineSettings settings() {
        return settings;
    }

    public EngineState state() {
        return state;
    }

    public Instant startedAt() {
        return startedAt;
    }

    public Duration uptime() {
        return Duration.between(startedAt, clock.instant());
    }

    /** Called once the interfaces run (by the engine component; tests too). */
    public void running() {
        state = EngineState.RUNNING;
    }

    void stopping() {
        state = EngineState.STOPPING;
    }
}
