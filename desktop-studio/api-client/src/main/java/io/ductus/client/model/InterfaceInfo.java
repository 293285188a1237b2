package io.ductus.client.model;

import java.time.Instant;
import java.util.List;

/**
 * One interface: state (running, draining, stopped), its owner, source, the health shown for it (the worst of
 * its own and its destinations'), its own health, destinations and last receipt.
 */
@ApiSchema("Interface")
public record InterfaceInfo(String name, String state, String reason, String owner, Connector source, HealthSummary health,
                            HealthSummary ownHealth, List<Destination> destinations, Instant lastReceivedAt) {

    public InterfaceInfo {
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
