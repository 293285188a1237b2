package io.ductus.client.model;

import java.time.Instant;

/**
 * One line of an alert's history: what happened (fired, escalated, changed, reminded, reopened, recovered,
 * acknowledged, notified), the status after it, and who did it when an operator did. (The engine's schema is
 * named AlertEvent; the event stream's {@code alert} event is {@link io.ductus.client.events.EngineEvent}'s.)
 */
@ApiSchema("AlertEvent")
public record AlertHistoryEntry(long id, long alert, String target, Instant at, String what, String status, String state,
                                String severity, String detail, String actor, int episode) {
}
