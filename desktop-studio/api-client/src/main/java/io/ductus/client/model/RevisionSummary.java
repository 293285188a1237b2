package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One revision of an interface's files: its number, hash, status (deploying, deployed, failed, removed), how it
 * came (api, disk, start, rollback), who made it and why, what it was made from, and when.
 */
@ApiSchema("RevisionSummary")
public record RevisionSummary(@JsonProperty("interface") String interfaceName, int revision, String hash, String status, String origin,
                              String author, String message, Integer basedOn, Instant createdAt, Instant finishedAt, String reason) {
}
