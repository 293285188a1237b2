package io.ductus.engine.monitor;

import io.ductus.store.DestinationCounts;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Collection;
import java.util.Map;

/** The gauges of one scrape, from what was read for it: queues from the database, interface states, the drain. */
public final class EngineGauges {

    private EngineGauges() {
    }

    /**
     * @param queues  every destination's counts (zeros included)
     * @param running each interface and whether it runs
     */
    public static MetricSnapshots of(Collection<DestinationCounts> queues, Map<String, Boolean> running, boolean draining) {
        GaugeSnapshot.Builder pending = GaugeSnapshot.builder().name("ductus_queue_pending")
                .help("Deliveries waiting to be sent, read from the database at this scrape");
        GaugeSnapshot.Builder quarantined = GaugeSnapshot.builder().name("ductus_queue_quarantined")
                .help("Deliveries quarantined and not resent or dismissed, read from the database at this scrape");
        for (DestinationCounts q : queues) {
            Labels labels = Labels.of("interface", q.destination().interfaceName(), "destination", q.destination().destination());
            pending.dataPoint(point(labels, q.pending()));
            quarantined.dataPoint(point(labels, q.quarantined()));
        }
        GaugeSnapshot.Builder stopped = GaugeSnapshot.builder().name("ductus_interface_stopped")
                .help("1 when the interface does not run (stopped by its code, waiting for a connector type, bad settings)");
        running.forEach((name, runs) -> stopped.dataPoint(point(Labels.of("interface", name), runs ? 0 : 1)));
        GaugeSnapshot drain = GaugeSnapshot.builder().name("ductus_draining")
                .help("1 while the engine drains: no source takes input, pending deliveries go on")
                .dataPoint(point(Labels.EMPTY, draining ? 1 : 0)).build();
        return MetricSnapshots.of(pending.build(), quarantined.build(), stopped.build(), drain);
    }

    private static GaugeDataPointSnapshot point(Labels labels, double value) {
        return GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
    }
}
