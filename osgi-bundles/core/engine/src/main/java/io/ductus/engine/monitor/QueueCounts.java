package io.ductus.engine.monitor;

import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pending and quarantined deliveries of every destination: the configured ones in their order, with
 * zeros where the database has none, then any other destination the database still holds messages for.
 */
public final class QueueCounts {

    private QueueCounts() {
    }

    public static Map<DestinationRef, DestinationCounts> read(Store store, Collection<DestinationRef> configured) {
        Map<DestinationRef, DestinationCounts> counts = new LinkedHashMap<>();
        for (DestinationRef ref : configured) counts.put(ref, new DestinationCounts(ref, 0, 0));
        for (DestinationCounts c : store.destinationCounts()) counts.put(c.destination(), c);
        return counts;
    }
}
