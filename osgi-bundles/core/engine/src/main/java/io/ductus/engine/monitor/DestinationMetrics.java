package io.ductus.engine.monitor;

import io.ductus.store.DeliveryOutcome;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;

/** One destination's counters, histograms and last moves, looked up once when its workers start. */
public final class DestinationMetrics {

    private static final double NANOS_PER_SECOND = 1e9;

    private final CounterDataPoint sent;
    private final CounterDataPoint filtered;
    private final CounterDataPoint quarantined;
    private final CounterDataPoint retries;
    private final DistributionDataPoint latency;
    private final DistributionDataPoint transform;
    private final DistributionDataPoint send;
    private final Activity.DestinationMoments moments;

    DestinationMetrics(CounterDataPoint sent, CounterDataPoint filtered, CounterDataPoint quarantined, CounterDataPoint retries,
                       DistributionDataPoint latency, DistributionDataPoint transform, DistributionDataPoint send,
                       Activity.DestinationMoments moments) {
        this.sent = sent;
        this.filtered = filtered;
        this.quarantined = quarantined;
        this.retries = retries;
        this.latency = latency;
        this.transform = transform;
        this.send = send;
        this.moments = moments;
    }

    /** An outcome was recorded in the store at {@code at} (Unix ms). */
    public void recorded(DeliveryOutcome outcome, long at) {
        moments.recorded(outcome, at);
        switch (outcome.kind()) {
            case SENT -> sent.inc();
            case FILTERED -> filtered.inc();
            case QUARANTINED -> quarantined.inc();
            case RETRY -> retries.inc();
        }
    }

    public void transformTook(long nanos) {
        transform.observe(nanos / NANOS_PER_SECOND);
    }

    public void sendTook(long nanos) {
        send.observe(nanos / NANOS_PER_SECOND);
        moments.sendTook(nanos);
    }

    /** A message was handed over this long after it was received. */
    public void sentAfter(long millis) {
        latency.observe(Math.max(0, millis) / 1000.0);
    }
}
