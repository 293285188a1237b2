package io.ductus.client.model;

import java.time.Instant;

/** A row of the notification outbox: for which alert and channel, where it stands, how many sends were tried and why the last failed. */
@ApiSchema("Notification")
public record Notification(long id, Long alert, String channel, String kind, String target, String severity, String state,
                           String reason, Instant createdAt, Instant dueAt, String status, int attempts, String lastError,
                           Instant sentAt) {
}
