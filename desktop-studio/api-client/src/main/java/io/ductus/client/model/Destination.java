package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/** One destination of an interface: paused or not, its connector, queue counts, health and last activity. */
@ApiSchema("Destination")
public record Destination(@JsonProperty("interface") String interfaceName, String name, boolean paused, Connector connector,
                          long pending, long quarantined, HealthSummary health, Instant lastOutcomeAt) {
}
