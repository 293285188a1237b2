package io.ductus.engine.monitor;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;

/**
 * One interface's intake counters (stored messages and, of those, duplicates), its last receipt, and how long
 * its submissions take ({@code ductus_intake_seconds}, and {@link IntakeLatency} for health and /ready).
 */
public final class IntakeMetrics {

    private final CounterDataPoint received;
    private final CounterDataPoint duplicates;
    private final DistributionDataPoint took;
    private final Activity.InterfaceMoments moments;

    IntakeMetrics(CounterDataPoint received, CounterDataPoint duplicates, DistributionDataPoint took, Activity.InterfaceMoments moments) {
        this.received = received;
        this.duplicates = duplicates;
        this.took = took;
        this.moments = moments;
    }

    /** A source handed over a message or batch at {@code nowMs}; give the handle to {@link #ended}. */
    public Object submitted(long nowMs) {
        return moments.latency().started(nowMs);
    }

    /** The submission was stored (or failed) at {@code nowMs}. */
    public void ended(Object submission, long nowMs) {
        took.observe(moments.latency().finished(submission, nowMs) / 1000.0);
    }

    /** A message was committed at {@code at} (Unix ms). */
    public void stored(boolean duplicate, long at) {
        received.inc();
        if (duplicate) duplicates.inc();
        moments.received(at, duplicate);
    }
}
