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
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gathers the facts of every interface and destination and asks the core to judge them
 * ({@link HealthCheck}): the queue counts of one read, the first waiting delivery of each lane of a
 * destination with a backlog (one index probe per lane), what intake and the workers last did, the rates of
 * the last minutes and the usual ones for this hour of the week. Also keeps the rates sampled and the last
 * moves saved ({@link #tick}).
 */
public final class HealthMonitor {

    private final InterfaceManager interfaces;
    private final Store store;
    private final Activity activity;
    private final Clock clock;
    private final ZoneId zone;
    private final Trends trends;
    private final Watch watch;

    public HealthMonitor(InterfaceManager interfaces, Store store, Activity activity, Clock clock, ZoneId zone) {
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
        watch.sample(destinations, now);
        watch.save(interfaces.names(), destinations, now);
    }

    public static final long TICK_MS = Trends.SAMPLE_MS;

    /** Judges everything now. Throws {@link io.ductus.store.StoreException} when the queues cannot be read. */
    public HealthSnapshot snapshot() {
        Instant now = clock.instant();
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
            all.add(definition == null ? unread(state) : judge(state, definition, counts, heads, now));
        }
        return new HealthSnapshot(now, interfaces.draining(), all);
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
    private static HealthSnapshot.InterfaceHealth unread(InterfaceState state) {
        Health own = new Health(Health.State.STOPPED, state.reason());
        return new HealthSnapshot.InterfaceHealth(state, own, own, null, List.of());
    }

    private HealthSnapshot.InterfaceHealth judge(InterfaceState state, InterfaceDefinition definition,
                                                 Map<DestinationRef, DestinationCounts> counts,
                                                 Map<DestinationRef, List<io.ductus.store.LaneHead>> heads, Instant now) {
        long nowMs = now.toEpochMilli();
        long lastReceived = activity.of(state.name()).lastReceived();
        Health own = HealthCheck.interfaceOwn(new InterfaceFacts(state.runs() ? null : state.reason(), state.source().status(),
                state.source().detail(), lastReceived < 0 ? null : Instant.ofEpochMilli(lastReceived),
                Instant.ofEpochMilli(watch.since(state.name(), nowMs)), definition.expectations(),
                Duration.ofMillis(activity.of(state.name()).latency().lagMillis(nowMs))), now, zone);
        List<HealthSnapshot.DestinationView> views = new ArrayList<>();
        Map<String, Health> healths = new LinkedHashMap<>();
        for (DestinationState d : state.destinations()) {
            DestinationRef ref = new DestinationRef(state.name(), d.name());
            DestinationCounts c = counts.getOrDefault(ref, new DestinationCounts(ref, 0, 0));
            DestinationHealth health = HealthCheck.destination(facts(state, d, ref, c, heads.getOrDefault(ref, List.of()), definition,
                    now), now);
            views.add(new HealthSnapshot.DestinationView(d, c, health));
            healths.put(d.name(), health.health());
        }
        return new HealthSnapshot.InterfaceHealth(state, own, HealthCheck.ofInterface(own, healths), definition.owner().orElse(null),
                views);
    }

    private DestinationFacts facts(InterfaceState state, DestinationState d, DestinationRef ref, DestinationCounts c,
                                   List<io.ductus.store.LaneHead> read, InterfaceDefinition definition, Instant now) {
        List<LaneHead> heads = new ArrayList<>(read.size());
        Instant oldest = null;
        for (io.ductus.store.LaneHead h : read) {
            heads.add(new LaneHead(h.lane(), h.messageId(), h.orderingKey(), h.attempts(), h.lastError(), h.receivedAt()));
            Instant received = Instant.ofEpochMilli(h.receivedAt());
            if (oldest == null || received.isBefore(oldest)) oldest = received;
        }
        Activity.DestinationMoments m = activity.of(ref);
        Activity.DestinationMoments.Failure failure = m.lastFailure();
        ConnectorStatus connector = d.connector().status() == null ? ConnectorStatus.OK : d.connector().status();
        return new DestinationFacts(state.runs(), d.paused(), connector, d.connector().detail(), c.pending(), oldest, c.quarantined(),
                m.lastFinished() < 0 ? null : Instant.ofEpochMilli(m.lastFinished()),
                failure == null ? null : Instant.ofEpochMilli(failure.at()), failure == null ? null : failure.error(),
                Instant.ofEpochMilli(watch.since(ref, now.toEpochMilli())), trends.recent(ref), trends.normal(ref, now), heads,
                definition.behind(d.name()));
    }
}
