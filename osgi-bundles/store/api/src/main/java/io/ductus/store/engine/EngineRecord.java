package io.ductus.store.engine;

import java.util.List;

/**
 * One engine run on the database as the API shows it: its id (the one its start logged), host, process id,
 * version, start time (Unix ms), state, and the interfaces it delivers now, sorted by name.
 */
public record EngineRecord(String id, String host, long pid, String version, long startedAt, EngineRunState state,
                           List<String> owns) {
    public EngineRecord {
        owns = List.copyOf(owns);
    }
}
