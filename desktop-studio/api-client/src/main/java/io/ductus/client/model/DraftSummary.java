package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/** A draft of an interface: whose, its base revision and the current one now (someone deployed since when they differ), how many files. */
@ApiSchema("DraftSummary")
public record DraftSummary(@JsonProperty("interface") String interfaceName, String owner, Integer base, Integer current,
                           boolean baseIsCurrent, int files, Instant createdAt, Instant updatedAt) {
}
