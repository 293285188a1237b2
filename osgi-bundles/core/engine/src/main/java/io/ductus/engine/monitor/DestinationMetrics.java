package io.ductus.engine.monitor;

import io.ductus.store.DeliveryOutcome;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;

/** One destination's counters and histograms, looked up once when its workers start. */
public final class DestinationMetrics {

    private static final double NANOS_PER_SECOND = 1e9;

    private final CounterDataPoint sent;
    private final CounterDataPoint filtered;
    private final CounterDataPoint quarantined;
    private final CounterDataPoint retries;
    private final DistributionDataPoint latency;
    private final DistributionDataPoint transform;
    private final DistributionDataPoint send;

    DestinationMetrics(CounterDataPoint sent, CounterDataPoint filtered, CounterDataPoint quarantined, CounterDataPoint retries,
                       DistributionDataPoint latency, DistributionDataPoint transform, DistributionDataPoint send) {
        this.sent = sent;
        this.filtered = filtered;
        this.quarantined = quarantined;
        this.retries = retries;
        this.latency = latency;
        this.transform = transform;
        this.send = send;
    }

    /** An outcome was recorded in the store. */
    public void recorded(DeliveryOutcome.Kind kind) {
        switch (kind) {
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
    }

    /** A message was handed over this long after it was received. */
    public void sentAfter(long millis) {
        latency.observe(Math.max(0, millis) / 1000.0);
    }
}
