package io.ductus.client.model;

import java.time.Instant;

/**
 * One delivery of a message: where it stands, attempts, the next retry, the last error, its saved output's size,
 * and the interface's revision whose code decided its last outcome (null before any).
 */
@ApiSchema("Delivery")
public record Delivery(String destination, String status, int attempts, Instant nextAttemptAt, String lastError, Long outputSize,
                       Integer revision, Instant updatedAt) {
}
