package io.ductus.engine.monitor;

import java.util.Map;

/**
 * One event for GET /api/v1/events: ids and counts, never message content.
 *
 * @param id   increasing across the engine's events (a resync carries the last id published)
 * @param type delivery, received, messages, counts, interface, destination, health, alert, drain, replay or resync
 */
public record EngineEvent(long id, String type, Map<String, Object> data) {

    public EngineEvent {
        data = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
    }
}
