package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/** A message as the browser lists it: keys, status and size, never its contents. */
@ApiSchema("MessageSummary")
public record MessageSummary(long id, @JsonProperty("interface") String interfaceName, Instant receivedAt, String status,
                             long size, String charset, String orderingKey, int lane, String dedupeKey, Long duplicateOf,
                             Instant settledAt, Long editedFrom) {
}
