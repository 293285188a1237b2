package io.ductus.engine.health;

import io.ductus.core.health.Baseline;
import io.ductus.engine.monitor.Activity;
import io.ductus.store.DestinationRef;
import io.ductus.store.StoreException;
import io.ductus.store.alert.AlertStore;
import io.ductus.store.alert.DestinationActivity;
import io.ductus.store.alert.InterfaceActivity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Since when each interface and destination has been watched, and its last moves kept across restarts:
 * loaded from the store at start (seeding {@link Activity} and the baselines of {@link Trends}), sampled and
 * saved every few seconds, only what changed (two statements, whatever the volume).
 */
final class Watch {

    private static final Logger LOG = LoggerFactory.getLogger(Watch.class);

    private final AlertStore store;
    private final Activity activity;
    private final Trends trends;
    private final Map<String, Long> interfacesSince = new HashMap<>();
    private final Map<DestinationRef, Long> destinationsSince = new HashMap<>();
    private final Map<String, InterfaceActivity> savedInterfaces = new HashMap<>();
    private final Map<DestinationRef, DestinationActivity> savedDestinations = new HashMap<>();

    Watch(AlertStore store, Activity activity, Trends trends) {
        this.store = store;
        this.activity = activity;
        this.trends = trends;
    }

    /** Reads what earlier runs saved; a store that cannot be read leaves everything watched from now. */
    synchronized void load() {
        try {
            for (InterfaceActivity a : store.interfaceActivity()) {
                interfacesSince.put(a.interfaceName(), a.watchedSince());
                activity.of(a.interfaceName()).loaded(a.lastReceived());
                savedInterfaces.put(a.interfaceName(), a);
            }
            for (DestinationActivity a : store.destinationActivity()) {
                destinationsSince.put(a.destination(), a.watchedSince());
                activity.of(a.destination()).loaded(a.lastFinished(), a.lastErrorAt(), a.lastError());
                trends.loaded(a.destination(), Baseline.fromText(a.baseline()));
                savedDestinations.put(a.destination(), new DestinationActivity(a.destination(), a.watchedSince(), a.lastFinished(),
                        a.lastErrorAt(), a.lastError(), null));
            }
        } catch (StoreException e) {
            LOG.warn("health: the last activity could not be read ({}); interfaces are watched from now", e.getMessage());
        }
    }

    synchronized long since(String interfaceName, long now) {
        return interfacesSince.computeIfAbsent(interfaceName, n -> now);
    }

    synchronized long since(DestinationRef destination, long now) {
        return destinationsSince.computeIfAbsent(destination, d -> now);
    }

    /** Takes a sample of every destination's counts for the trends. */
    void sample(Collection<DestinationRef> destinations, long now) {
        for (DestinationRef ref : destinations) {
            Activity.DestinationMoments d = activity.of(ref);
            trends.sample(ref, new Trends.Sample(now, activity.of(ref.interfaceName()).received(), d.finished(), d.sends(), d.sendNanos()));
        }
    }

    /**
     * Saves what changed since the last save; a failure is tried again next time. Every engine on a shared database
     * saves its own moves (the rows keep the newest of all); only the engine that delivers a destination saves its
     * baseline ({@code delivered}), since only it learns one from sends.
     */
    void save(Collection<String> interfaces, Collection<DestinationRef> destinations, java.util.Set<DestinationRef> delivered, long now) {
        List<InterfaceActivity> changedInterfaces = new ArrayList<>();
        List<DestinationActivity> changedDestinations = new ArrayList<>();
        Map<DestinationRef, String> baselines = new java.util.HashMap<>(trends.takeChangedBaselines());
        baselines.keySet().retainAll(delivered);
        synchronized (this) {
            for (String name : interfaces) {
                long last = activity.of(name).lastReceived();
                InterfaceActivity row = new InterfaceActivity(name, since(name, now), last < 0 ? null : last);
                if (!row.equals(savedInterfaces.get(name))) changedInterfaces.add(row);
            }
            for (DestinationRef ref : destinations) {
                Activity.DestinationMoments m = activity.of(ref);
                Activity.DestinationMoments.Failure failure = m.lastFailure();
                DestinationActivity row = new DestinationActivity(ref, since(ref, now), m.lastFinished() < 0 ? null : m.lastFinished(),
                        failure == null ? null : failure.at(), failure == null ? null : failure.error(), null);
                String baseline = baselines.get(ref);
                if (!row.equals(savedDestinations.get(ref)) || baseline != null) {
                    changedDestinations.add(new DestinationActivity(ref, row.watchedSince(), row.lastFinished(), row.lastErrorAt(),
                            row.lastError(), baseline));
                }
            }
        }
        if (changedInterfaces.isEmpty() && changedDestinations.isEmpty()) return;
        try {
            store.saveActivity(changedInterfaces, changedDestinations);
            synchronized (this) {
                changedInterfaces.forEach(r -> savedInterfaces.put(r.interfaceName(), r));
                changedDestinations.forEach(r -> savedDestinations.put(r.destination(), new DestinationActivity(r.destination(),
                        r.watchedSince(), r.lastFinished(), r.lastErrorAt(), r.lastError(), null)));
            }
        } catch (StoreException e) {
            baselines.keySet().forEach(trends::unsaved);
            LOG.debug("health: saving the last activity failed, trying again: {}", e.getMessage());
        }
    }
}
