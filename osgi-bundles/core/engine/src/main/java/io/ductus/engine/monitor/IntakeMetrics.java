package io.ductus.engine.monitor;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;

/** One interface's intake counters: stored messages and, of those, duplicates. */
public final class IntakeMetrics {

    private final CounterDataPoint received;
    private final CounterDataPoint duplicates;

    IntakeMetrics(CounterDataPoint received, CounterDataPoint duplicates) {
        this.received = received;
        this.duplicates = duplicates;
    }

    /** A message was committed. */
    public void stored(boolean duplicate) {
        received.inc();
        if (duplicate) duplicates.inc();
    }
}
