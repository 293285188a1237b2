package io.ductus.engine.monitor;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;

/** One interface's intake counters (stored messages and, of those, duplicates) and its last receipt. */
public final class IntakeMetrics {

    private final CounterDataPoint received;
    private final CounterDataPoint duplicates;
    private final Activity.InterfaceMoments moments;

    IntakeMetrics(CounterDataPoint received, CounterDataPoint duplicates, Activity.InterfaceMoments moments) {
        this.received = received;
        this.duplicates = duplicates;
        this.moments = moments;
    }

    /** A message was committed at {@code at} (Unix ms). */
    public void stored(boolean duplicate, long at) {
        received.inc();
        if (duplicate) duplicates.inc();
        moments.received(at, duplicate);
    }
}
