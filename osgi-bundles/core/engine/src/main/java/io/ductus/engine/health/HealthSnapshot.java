package io.ductus.engine.health;

import io.ductus.core.health.DestinationHealth;
import io.ductus.core.health.Health;
import io.ductus.engine.runtime.InterfaceManager.DestinationState;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import io.ductus.store.DestinationCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every interface and destination as judged at one moment: what the API, the events, /metrics and the
 * alerts all show, so they never disagree.
 */
public record HealthSnapshot(Instant at, boolean draining, List<InterfaceHealth> interfaces) {

    public HealthSnapshot {
        interfaces = List.copyOf(interfaces);
    }

    /**
     * One interface: its state, its own health (whether it runs, its source, its expectations), the health
     * shown for it (the worst of its own and its destinations'), and each destination in order.
     *
     * @param owner its interface.yaml owner, or null
     */
    public record InterfaceHealth(InterfaceState state, Health own, Health health, String owner, List<DestinationView> destinations) {
        public InterfaceHealth {
            destinations = List.copyOf(destinations);
        }

        public String name() {
            return state.name();
        }
    }

    /** One destination: its state, its queue counts and its judged health. */
    public record DestinationView(DestinationState state, DestinationCounts counts, DestinationHealth health) {
        public String name() {
            return state.name();
        }
    }

    public Optional<InterfaceHealth> find(String name) {
        return interfaces.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** Health by target: {@code adt} for an interface's own, {@code adt/lab} for a destination's. */
    public Map<String, Health> byTarget() {
        Map<String, Health> all = new java.util.LinkedHashMap<>();
        for (InterfaceHealth i : interfaces) {
            all.put(i.name(), i.own());
            for (DestinationView d : i.destinations()) all.put(i.name() + "/" + d.name(), d.health().health());
        }
        return all;
    }
}
