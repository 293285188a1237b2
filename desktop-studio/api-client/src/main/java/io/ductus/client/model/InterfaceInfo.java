package io.ductus.client.model;

import java.time.Instant;
import java.util.List;

/** One interface: state (running, draining, stopped), source, health, destinations and last receipt. */
@ApiSchema("Interface")
public record InterfaceInfo(String name, String state, String reason, Connector source, HealthSummary health,
                            List<Destination> destinations, Instant lastReceivedAt) {

    public InterfaceInfo {
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
