package io.ductus.engine.api;

import io.ductus.core.health.Health;
import io.ductus.core.health.HealthCheck;
import io.ductus.engine.runtime.InterfaceManager.ConnectorState;
import io.ductus.engine.runtime.InterfaceManager.DestinationState;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Interfaces and destinations as the API shows them: state, connectors, queue counts and health. */
final class InterfaceJson {

    private InterfaceJson() {
    }

    /** @param counts every destination's pending and quarantined deliveries (missing ones count as none) */
    static Map<String, Object> of(InterfaceState state, Map<DestinationRef, DestinationCounts> counts) {
        List<Map<String, Object>> destinations = new ArrayList<>();
        Map<String, Health> healths = new LinkedHashMap<>();
        for (DestinationState d : state.destinations()) {
            DestinationCounts c = countsOf(state, d, counts);
            destinations.add(destination(state, d, c));
            healths.put(d.name(), health(state, d, c));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", state.name());
        m.put("state", state.state());
        m.put("reason", state.reason());
        m.put("source", connector(state.source()));
        m.put("health", json(HealthCheck.ofInterface(state.runs() ? null : state.reason(), state.source().status(),
                state.source().detail(), healths)));
        m.put("destinations", destinations);
        return m;
    }

    static DestinationCounts countsOf(InterfaceState state, DestinationState d, Map<DestinationRef, DestinationCounts> counts) {
        DestinationRef ref = new DestinationRef(state.name(), d.name());
        return counts.getOrDefault(ref, new DestinationCounts(ref, 0, 0));
    }

    /** One destination of {@code state} with its counts. */
    static Map<String, Object> destination(InterfaceState state, DestinationState d, DestinationCounts c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", state.name());
        m.put("name", d.name());
        m.put("paused", d.paused());
        m.put("connector", connector(d.connector()));
        m.put("pending", c.pending());
        m.put("quarantined", c.quarantined());
        m.put("health", json(health(state, d, c)));
        return m;
    }

    private static Health health(InterfaceState state, DestinationState d, DestinationCounts c) {
        ConnectorStatus status = d.connector().status() == null ? ConnectorStatus.OK : d.connector().status();
        return HealthCheck.destination(state.runs(), d.paused(), status, d.connector().detail(), c.quarantined());
    }

    private static Map<String, Object> connector(ConnectorState c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", c.type());
        m.put("status", c.status() == null ? "closed" : c.status().name().toLowerCase(Locale.ROOT));
        m.put("detail", c.detail());
        return m;
    }

    private static Map<String, Object> json(Health h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", h.state().label());
        m.put("reason", h.reason());
        return m;
    }
}
