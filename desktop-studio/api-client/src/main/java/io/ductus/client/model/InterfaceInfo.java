package io.ductus.client.model;

import java.time.Instant;
import java.util.List;

/**
 * One interface: state (running, draining, not listening, stopped, not loaded), why, its owner, the revision of
 * its files it runs, source, the health shown for it (the worst of its own and its destinations'), its own
 * health, destinations, the problems of its files when it is not loaded, its last receipt (by any engine), and,
 * while several engines share the database, the run id of the engine that delivers it.
 */
@ApiSchema("Interface")
public record InterfaceInfo(String name, String state, String reason, String owner, Integer revision, Connector source,
                            HealthSummary health, HealthSummary ownHealth, List<Destination> destinations, List<String> problems,
                            Instant lastReceivedAt, String deliveredBy) {

    public InterfaceInfo {
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
        problems = problems == null ? List.of() : List.copyOf(problems);
    }
}
