package io.ductus.client.model;

import java.util.List;

/** A page of alert history, newest first; {@code next} is the {@code before} of the next page (null at the end). */
@ApiSchema("AlertHistory")
public record AlertHistory(List<AlertHistoryEntry> events, Long next) {

    public AlertHistory {
        events = events == null ? List.of() : List.copyOf(events);
    }
}
