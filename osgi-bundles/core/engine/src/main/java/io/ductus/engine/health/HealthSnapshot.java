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
import java.util.Set;

/**
 * Every interface and destination as judged at one moment: what the API, the events, /metrics and the
 * alerts all show, so they never disagree.
 *
 * @param engine this engine's run id while several engines share the database (docs/engines.md), else null:
 *               then every judgement is this engine's own, as with one engine
 * @param live   the live engines' run ids while several share the database, else empty
 */
public record HealthSnapshot(Instant at, boolean draining, List<InterfaceHealth> interfaces, String engine, Set<String> live) {

    public HealthSnapshot {
        interfaces = List.copyOf(interfaces);
        live = Set.copyOf(live);
    }

    /** One engine's judgement: nothing shared. */
    public HealthSnapshot(Instant at, boolean draining, List<InterfaceHealth> interfaces) {
        this(at, draining, interfaces, null, Set.of());
    }

    /** Whether several engines share the database (this engine has seen another live one since it started). */
    public boolean shared() {
        return engine != null;
    }

    /** How a reason of this engine's own (its source, its intake, its run of the interface) starts when engines share the database. */
    public static String onEngine(String engineId) {
        return ON_ENGINE + engineId + ": ";
    }

    /** What {@link #onEngine} starts with. */
    public static final String ON_ENGINE = "on engine ";

    /**
     * One interface: its state, its own health (whether it runs, its source, its expectations), the health
     * shown for it (the worst of its own and its destinations'), and each destination in order.
     *
     * @param owner        its interface.yaml owner, or null
     * @param deliveredBy  the engine that delivers its destinations while several share the database; null with one
     *                     engine, and when no live engine delivers it
     * @param deliveredHere whether this engine delivers its destinations (always with one engine)
     * @param judgedHere   whether this engine judges its expectations for the alerts (always with one engine): the one
     *                     that delivers it, else the longest-running live engine
     * @param lastReceived when it last stored a message on any engine (Unix ms), or null for never
     */
    public record InterfaceHealth(InterfaceState state, Health own, Health health, String owner, List<DestinationView> destinations,
                                  String deliveredBy, boolean deliveredHere, boolean judgedHere, Long lastReceived) {
        public InterfaceHealth {
            destinations = List.copyOf(destinations);
        }

        public String name() {
            return state.name();
        }
    }

    /**
     * One destination: its state, its queue counts and its judged health.
     *
     * @param lastFinished when a delivery of it last finished on any engine (Unix ms), or null for never
     */
    public record DestinationView(DestinationState state, DestinationCounts counts, DestinationHealth health, Long lastFinished) {
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
