package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/** One destination of an interface: paused or not, its connector, queue counts, health and when a delivery last finished. */
@ApiSchema("Destination")
public record Destination(@JsonProperty("interface") String interfaceName, String name, boolean paused, Connector connector,
                          long pending, long quarantined, DestinationHealth health, Instant lastFinishedAt) {
}
