package io.ductus.engine.health;

import io.ductus.core.health.DestinationFacts;
import io.ductus.core.health.DestinationHealth;
import io.ductus.core.health.Health;
import io.ductus.core.health.HealthCheck;
import io.ductus.core.health.InterfaceFacts;
import io.ductus.core.health.LaneHead;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.engine.monitor.Activity;
import io.ductus.engine.monitor.QueueCounts;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.engine.runtime.InterfaceManager.DestinationState;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import io.ductus.store.alert.DestinationActivity;
import io.ductus.store.alert.InterfaceActivity;
import io.ductus.store.engine.EngineRecord;
import io.ductus.store.engine.EngineRun;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Gathers the facts of every interface and destination and asks the core to judge them
 * ({@link HealthCheck}): the queue counts of one read, the first waiting delivery of each lane of a
 * destination with a backlog (one index probe per lane), what intake and the workers last did, the rates of
 * the last minutes and the usual ones for this hour of the week. Also keeps the rates sampled and the last
 * moves saved ({@link #tick}).
 *
 * <p>Engines sharing a PostgreSQL database (docs/engines.md) all receive, and each interface is delivered by one.
 * While this engine sees another live one, it judges from what they share: the newest receipt and finish of any
 * engine (the activity rows every engine saves, whose times only move forward) besides its own; a destination it
 * does not deliver without its own connector's word or trends (the engine that delivers it has those); and its own
 * trouble (its source, its intake, its run of an interface) named as this engine's. With one engine nothing is
 * read or judged differently.
 */
public final class HealthMonitor {

    private final InterfaceManager interfaces;
    private final Store store;
    private final Activity activity;
    private final Clock clock;
    private final ZoneId zone;
    private final Trends trends;
    private final Watch watch;
    private final Supplier<EngineRun> run;
    /** Set once this engine saw another live engine on its database: from then on it judges what they share. */
    private volatile boolean shared;

    public HealthMonitor(InterfaceManager interfaces, Store store, Activity activity, Clock clock, ZoneId zone) {
        this(interfaces, store, activity, clock, zone, () -> EngineRun.solo("solo"));
    }

    /** @param run this engine's run on the database: which interfaces it delivers */
    public HealthMonitor(InterfaceManager interfaces, Store store, Activity activity, Clock clock, ZoneId zone, Supplier<EngineRun> run) {
        this.run = run;
        this.interfaces = interfaces;
        this.store = store;
        this.activity = activity;
        this.clock = clock;
        this.zone = zone;
        this.trends = new Trends(zone);
        this.watch = new Watch(store.alerts(), activity, trends);
    }

    /** Reads what earlier runs saved (last moves, since when watched, baselines). Once, before the first tick. */
    public HealthMonitor load() {
        watch.load();
        return this;
    }

    /** Whether a target names an interface ({@code adt}) or a destination ({@code adt/lab}) of the project. */
    public boolean knows(String target) {
        int slash = target.indexOf('/');
        if (slash < 0) return interfaces.definition(target).isPresent();
        return interfaces.definition(target.substring(0, slash))
                .map(d -> d.destinations().containsKey(target.substring(slash + 1))).orElse(false);
    }

    public ZoneId zone() {
        return zone;
    }

    /** Samples the counts for the trends and saves the last moves that changed; every {@link #TICK_MS}. */
    public void tick() {
        long now = clock.millis();
        List<DestinationRef> destinations = interfaces.destinations();
        // Trends and their baselines are learned by the engine that delivers: another engine's counters finish nothing.
        EngineRun delivering = run.get();
        List<DestinationRef> delivered = destinations.stream().filter(d -> delivering.owns(d.interfaceName())).toList();
        watch.sample(delivered, now);
        watch.save(interfaces.names(), destinations, Set.copyOf(delivered), now);
    }

    public static final long TICK_MS = Trends.SAMPLE_MS;

    /** Judges everything now. Throws {@link io.ductus.store.StoreException} when the queues cannot be read. */
    public HealthSnapshot snapshot() {
        Instant now = clock.instant();
        Engines engines = engines();
        List<InterfaceState> states = new ArrayList<>();
        Map<DestinationRef, DestinationCounts> counts = QueueCounts.read(store, interfaces.destinations());
        Map<String, InterfaceDefinition> definitions = new LinkedHashMap<>();
        Map<DestinationRef, Integer> backlogged = new LinkedHashMap<>();
        for (InterfaceState state : interfaces.states()) {
            InterfaceDefinition definition = interfaces.definition(state.name()).orElse(null);
            if (definition == null && !state.state().equals(InterfaceManager.NOT_LOADED)) continue; // removed by a deploy since its state was read
            states.add(state);
            if (definition == null) continue; // not loaded: its files could not be read into a definition
            definitions.put(state.name(), definition);
            for (DestinationState d : state.destinations()) {
                DestinationRef ref = new DestinationRef(state.name(), d.name());
                DestinationCounts c = counts.get(ref);
                if (c != null && c.pending() > 0) backlogged.put(ref, definition.ordering().lanes());
            }
        }
        // One read for every destination with a backlog: one index probe per lane.
        Map<DestinationRef, List<io.ductus.store.LaneHead>> heads = store.laneHeads(backlogged);
        List<HealthSnapshot.InterfaceHealth> all = new ArrayList<>(states.size());
        for (InterfaceState state : states) {
            InterfaceDefinition definition = definitions.get(state.name());
            all.add(definition == null ? unread(state, engines) : judge(state, definition, counts, heads, engines, now));
        }
        if (!engines.shared()) return new HealthSnapshot(now, interfaces.draining(), all);
        return new HealthSnapshot(now, interfaces.draining(), all, engines.self(), engines.live());
    }

    /**
     * Who this engine is among those on its database, who delivers what, and the newest moves of any engine (the
     * activity rows: one read of each, a row per interface and destination). {@link Engines#ALONE} with one engine.
     */
    private record Engines(String self, Set<String> live, Map<String, String> deliveredBy, String eldest, EngineRun run,
                           Map<String, Long> received, Map<DestinationRef, DestinationActivity> moves) {
        boolean shared() {
            return self != null;
        }

        boolean delivers(String interfaceName) {
            return !shared() || run.owns(interfaceName);
        }

        /** Who judges an interface's expectations: the engine that delivers it, else the longest-running live one. */
        boolean judges(String interfaceName) {
            if (!shared()) return true;
            String by = deliveredBy.get(interfaceName);
            return by == null ? eldest == null || eldest.equals(self) : by.equals(self);
        }
    }

    private Engines engines() {
        EngineRun mine = run.get();
        List<EngineRecord> live;
        try {
            live = store.engines().engines();
        } catch (UnsupportedOperationException noEngines) {
            live = List.of();
        }
        if (live.size() > 1) shared = true;
        if (!shared) return new Engines(null, Set.of(), Map.of(), null, mine, Map.of(), Map.of());
        Map<String, String> deliveredBy = new java.util.HashMap<>();
        Set<String> ids = new java.util.LinkedHashSet<>();
        for (EngineRecord e : live) {
            ids.add(e.id());
            e.owns().forEach(name -> deliveredBy.put(name, e.id()));
        }
        Map<String, Long> received = new java.util.HashMap<>();
        for (InterfaceActivity a : store.alerts().interfaceActivity()) {
            if (a.lastReceived() != null) received.put(a.interfaceName(), a.lastReceived());
        }
        Map<DestinationRef, DestinationActivity> moves = new java.util.HashMap<>();
        for (DestinationActivity a : store.alerts().destinationActivity()) moves.put(a.destination(), a);
        return new Engines(mine.id(), ids, deliveredBy, live.isEmpty() ? null : live.get(0).id(), mine, received, moves);
    }

    private static Long newest(long local, Long shared) {
        long at = shared == null ? local : Math.max(local, shared);
        return at < 0 ? null : at;
    }

    /** A judgement of this engine's own trouble, named as this engine's while engines share the database. */
    private static Health mine(Health h, Engines engines) {
        if (!engines.shared() || h.state() == Health.State.OK || h.state() == Health.State.SILENT) return h;
        return new Health(h.state(), HealthSnapshot.onEngine(engines.self()) + h.reason());
    }

    /**
     * The interfaces whose intake is stalled now, each with why: what /ready reports, from memory alone (no
     * database read, so it answers even while the database is slow).
     */
    public List<String> stalledIntakes() {
        long now = clock.millis();
        List<String> stalled = new ArrayList<>();
        for (InterfaceState state : interfaces.states()) {
            if (!state.runs()) continue;
            HealthCheck.intake(Duration.ofMillis(activity.of(state.name()).latency().lagMillis(now)))
                    .ifPresent(reason -> stalled.add("interface " + state.name() + ": " + reason));
        }
        return stalled;
    }

    /** What the hotspots of one destination with a backlog are. */
    public record DestinationHotspots(DestinationRef destination, long waiting, List<io.ductus.core.health.Hotspots.Hotspot> found) {
    }

    /**
     * Hotspots of every destination with a backlog: blocked lanes, a receiver that looks down, hot keys and
     * lanes no worker reads. Counts each such destination's whole queue index: on demand only.
     */
    public List<DestinationHotspots> hotspots() {
        List<DestinationHotspots> all = new ArrayList<>();
        for (DestinationCounts c : store.destinationCounts()) {
            if (c.pending() == 0) continue;
            DestinationRef ref = c.destination();
            int lanes = interfaces.definition(ref.interfaceName()).map(d -> d.ordering().lanes()).orElse(0);
            List<io.ductus.core.health.Hotspots.LaneLoad> loads = new ArrayList<>();
            for (io.ductus.store.LaneLoad l : store.laneLoads(ref)) {
                io.ductus.store.LaneHead h = l.head();
                loads.add(new io.ductus.core.health.Hotspots.LaneLoad(l.lane(), l.waiting(),
                        new LaneHead(h.lane(), h.messageId(), h.orderingKey(), h.attempts(), h.lastError(), h.receivedAt())));
            }
            all.add(new DestinationHotspots(ref, c.pending(),
                    io.ductus.core.health.Hotspots.find(loads, lanes, activity.of(ref).lastFinished())));
        }
        return all;
    }

    /** An interface not loaded whose files did not even make a definition: it does not run, for that reason. */
    private static HealthSnapshot.InterfaceHealth unread(InterfaceState state, Engines engines) {
        Health own = mine(new Health(Health.State.STOPPED, state.reason()), engines);
        return new HealthSnapshot.InterfaceHealth(state, own, own, null, List.of(), engines.deliveredBy().get(state.name()),
                engines.delivers(state.name()), engines.judges(state.name()), engines.received().get(state.name()));
    }

    private HealthSnapshot.InterfaceHealth judge(InterfaceState state, InterfaceDefinition definition,
                                                 Map<DestinationRef, DestinationCounts> counts,
                                                 Map<DestinationRef, List<io.ductus.store.LaneHead>> heads, Engines engines, Instant now) {
        long nowMs = now.toEpochMilli();
        // Receiving is shared: silence is judged from the newest receipt of any engine.
        Long lastReceived = newest(activity.of(state.name()).lastReceived(), engines.received().get(state.name()));
        Health own = mine(HealthCheck.interfaceOwn(new InterfaceFacts(state.runs() ? null : state.reason(), state.source().status(),
                state.source().detail(), lastReceived == null ? null : Instant.ofEpochMilli(lastReceived),
                Instant.ofEpochMilli(watch.since(state.name(), nowMs)), definition.expectations(),
                Duration.ofMillis(activity.of(state.name()).latency().lagMillis(nowMs))), now, zone), engines);
        boolean delivers = engines.delivers(state.name());
        String deliveredBy = engines.deliveredBy().get(state.name());
        List<HealthSnapshot.DestinationView> views = new ArrayList<>();
        Map<String, Health> healths = new LinkedHashMap<>();
        for (DestinationState d : state.destinations()) {
            DestinationRef ref = new DestinationRef(state.name(), d.name());
            DestinationCounts c = counts.getOrDefault(ref, new DestinationCounts(ref, 0, 0));
            DestinationFacts facts = facts(state, d, ref, c, heads.getOrDefault(ref, List.of()), definition, delivers,
                    engines.moves().get(ref), now);
            DestinationHealth health = HealthCheck.destination(facts, now);
            if (engines.shared() && deliveredBy == null && health.health().state() == Health.State.STALLED) {
                health = new DestinationHealth(new Health(Health.State.STALLED, health.health().reason()
                        + "; no live engine delivers interface " + state.name()), health.waiting(), health.oldestWaiting(),
                        health.trend(), health.causes());
            }
            views.add(new HealthSnapshot.DestinationView(d, c, health, facts.lastFinished() == null ? null
                    : facts.lastFinished().toEpochMilli()));
            healths.put(d.name(), health.health());
        }
        return new HealthSnapshot.InterfaceHealth(state, own, HealthCheck.ofInterface(own, healths), definition.owner().orElse(null),
                views, deliveredBy, delivers, engines.judges(state.name()), lastReceived);
    }

    private DestinationFacts facts(InterfaceState state, DestinationState d, DestinationRef ref, DestinationCounts c,
                                   List<io.ductus.store.LaneHead> read, InterfaceDefinition definition, boolean delivers,
                                   DestinationActivity shared, Instant now) {
        List<LaneHead> heads = new ArrayList<>(read.size());
        Instant oldest = null;
        for (io.ductus.store.LaneHead h : read) {
            heads.add(new LaneHead(h.lane(), h.messageId(), h.orderingKey(), h.attempts(), h.lastError(), h.receivedAt()));
            Instant received = Instant.ofEpochMilli(h.receivedAt());
            if (oldest == null || received.isBefore(oldest)) oldest = received;
        }
        Activity.DestinationMoments m = activity.of(ref);
        Activity.DestinationMoments.Failure failure = m.lastFailure();
        Long finished = newest(m.lastFinished(), shared == null ? null : shared.lastFinished());
        Long failedAt = failure == null ? null : failure.at();
        String error = failure == null ? null : failure.error();
        if (shared != null && shared.lastErrorAt() != null && (failedAt == null || shared.lastErrorAt() > failedAt)) {
            failedAt = shared.lastErrorAt();
            error = shared.lastError();
        }
        // A destination another engine delivers: its connector here sends nothing, and its counters here finish nothing.
        ConnectorStatus connector = !delivers || d.connector().status() == null ? ConnectorStatus.OK : d.connector().status();
        return new DestinationFacts(state.runs(), d.paused(), connector, delivers ? d.connector().detail() : null, c.pending(), oldest,
                c.quarantined(), finished == null ? null : Instant.ofEpochMilli(finished),
                failedAt == null ? null : Instant.ofEpochMilli(failedAt), error,
                Instant.ofEpochMilli(watch.since(ref, now.toEpochMilli())), delivers ? trends.recent(ref) : io.ductus.core.health.Rates.UNKNOWN,
                delivers ? trends.normal(ref, now) : io.ductus.core.health.Rates.UNKNOWN, heads, definition.behind(d.name()));
    }
}
