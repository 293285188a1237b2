package io.ductus.client.model;

import java.time.Instant;

/** One delivery of a message: where it stands, attempts, the next retry, the last error, its saved output's size. */
@ApiSchema("Delivery")
public record Delivery(String destination, String status, int attempts, Instant nextAttemptAt, String lastError, Long outputSize,
                       Instant updatedAt) {
}
