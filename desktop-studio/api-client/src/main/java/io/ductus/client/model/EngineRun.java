package io.ductus.client.model;

import java.time.Instant;
import java.util.List;

/** One live engine run: its id, host, process id, version, start, state (running, draining) and the interfaces it delivers. */
public record EngineRun(String id, String host, long pid, String version, Instant startedAt, String state, List<String> owns) {

    public EngineRun {
        owns = owns == null ? List.of() : List.copyOf(owns);
    }
}
