package io.ductus.engine.monitor;

import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import io.ductus.store.StoreException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes every destination's pending and quarantined counts (a {@code counts} event) when they changed,
 * looking every 2 s and only while somebody follows the events: with nobody following, no query runs. A
 * new follower gets the counts within 2 s.
 */
public final class CountsWatcher implements AutoCloseable {

    static final long EVERY_MS = 2000;
    private static final Logger LOG = LoggerFactory.getLogger(CountsWatcher.class);

    private final EventHub hub;
    private final Store store;
    private final Supplier<Collection<DestinationRef>> configured;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofVirtual().name("ductus-counts").factory());
    private List<Map<String, Object>> last;

    /** @param configured the destinations of the running engine (counted even when they have nothing) */
    public CountsWatcher(EventHub hub, Store store, Supplier<Collection<DestinationRef>> configured) {
        this.hub = hub;
        this.store = store;
        this.configured = configured;
    }

    public CountsWatcher start() {
        timer.scheduleWithFixedDelay(this::look, EVERY_MS, EVERY_MS, TimeUnit.MILLISECONDS);
        return this;
    }

    void look() {
        if (!hub.followed()) {
            last = null;
            return;
        }
        try {
            List<Map<String, Object>> now = new ArrayList<>();
            for (DestinationCounts c : QueueCounts.read(store, configured.get()).values()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("interface", c.destination().interfaceName());
                m.put("destination", c.destination().destination());
                m.put("pending", c.pending());
                m.put("quarantined", c.quarantined());
                now.add(m);
            }
            if (!now.equals(last)) hub.counts(now);
            last = now;
        } catch (StoreException e) {
            LOG.debug("counting the queues for the events failed, trying again in {} ms: {}", EVERY_MS, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("counting the queues for the events failed", e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
