package io.ductus.client.model;

import java.time.Instant;

/** A quarantined delivery with its message: why, after how many attempts, since when. */
@ApiSchema("QuarantinedDelivery")
public record QuarantinedDelivery(MessageSummary message, String destination, int attempts, String lastError, Instant quarantinedAt) {
}
