package io.ductus.client.model;

import java.time.Instant;

/** A drain: whether it runs, since when, whether it is done, and what is still pending. */
@ApiSchema("Drain")
public record Drain(boolean draining, Instant since, boolean drained, long pending, long pendingPaused) {
}
