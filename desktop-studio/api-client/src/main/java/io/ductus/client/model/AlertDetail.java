package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/** GET /api/v1/alerts/{id}: an alert (the fields of {@link Alert}) with its latest history and notifications. */
@ApiSchema("AlertDetail")
public record AlertDetail(long id, String target, String kind, @JsonProperty("interface") String interfaceName, String status,
                          String state, String severity, String reason, String rule, Instant since, Instant firedAt,
                          Instant escalatedAt, Instant acknowledgedAt, String acknowledgedBy, List<String> told, int episode,
                          List<AlertHistoryEntry> history, List<Notification> notifications) {

    public AlertDetail {
        told = told == null ? List.of() : List.copyOf(told);
        history = history == null ? List.of() : List.copyOf(history);
        notifications = notifications == null ? List.of() : List.copyOf(notifications);
    }
}
