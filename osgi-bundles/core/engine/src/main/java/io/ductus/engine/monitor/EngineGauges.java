package io.ductus.engine.monitor;

import io.ductus.core.alert.Severity;
import io.ductus.core.health.Health;
import io.ductus.engine.alerts.Alerts;
import io.ductus.engine.health.HealthSnapshot;
import io.ductus.store.alert.AlertRecord;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;

/**
 * The gauges of one scrape, from what was judged for it (the same health the API shows): queues, the
 * oldest waiting message, each interface's and destination's state, open alerts, the drain, and the
 * judging round's own cost.
 */
public final class EngineGauges {

    private EngineGauges() {
    }

    /** All null while the engine starts: only what needs no runtime. */
    public static MetricSnapshots of(HealthSnapshot snapshot, List<AlertRecord> open, Alerts.Stats stats) {
        GaugeSnapshot.Builder pending = GaugeSnapshot.builder().name("ductus_queue_pending")
                .help("Deliveries waiting to be sent, read from the database at this scrape");
        GaugeSnapshot.Builder quarantined = GaugeSnapshot.builder().name("ductus_queue_quarantined")
                .help("Deliveries quarantined and not resent or dismissed, read from the database at this scrape");
        GaugeSnapshot.Builder oldest = GaugeSnapshot.builder().name("ductus_queue_oldest_seconds")
                .help("How long the oldest waiting delivery has waited (0 when none waits)");
        GaugeSnapshot.Builder destinationState = GaugeSnapshot.builder().name("ductus_destination_state")
                .help("1 for the destination's health state (stopped, paused, stalled, error, behind, ok), 0 for the others");
        GaugeSnapshot.Builder interfaceState = GaugeSnapshot.builder().name("ductus_interface_state")
                .help("1 for the interface's health state as shown (its own and its destinations' worst), 0 for the others");
        GaugeSnapshot.Builder stopped = GaugeSnapshot.builder().name("ductus_interface_stopped")
                .help("1 when the interface does not run (stopped by its code, waiting for a connector type, bad settings)");
        boolean draining = false;
        if (snapshot != null) {
            draining = snapshot.draining();
            for (HealthSnapshot.InterfaceHealth i : snapshot.interfaces()) {
                stopped.dataPoint(point(Labels.of("interface", i.name()), i.state().runs() ? 0 : 1));
                for (Health.State s : Health.State.values()) {
                    interfaceState.dataPoint(point(Labels.of("interface", i.name(), "state", s.label()), i.health().state() == s ? 1 : 0));
                }
                for (HealthSnapshot.DestinationView d : i.destinations()) {
                    Labels labels = Labels.of("interface", i.name(), "destination", d.name());
                    pending.dataPoint(point(labels, d.counts().pending()));
                    quarantined.dataPoint(point(labels, d.counts().quarantined()));
                    oldest.dataPoint(point(labels, d.health().oldestWaiting() == null ? 0 : d.health().oldestWaiting().toMillis() / 1000.0));
                    for (Health.State s : Health.State.values()) {
                        if (s == Health.State.SILENT) continue;
                        destinationState.dataPoint(point(Labels.of("interface", i.name(), "destination", d.name(), "state", s.label()),
                                d.health().health().state() == s ? 1 : 0));
                    }
                }
            }
        }
        GaugeSnapshot drain = GaugeSnapshot.builder().name("ductus_draining")
                .help("1 while the engine drains: no source takes input, pending deliveries go on")
                .dataPoint(point(Labels.EMPTY, draining ? 1 : 0)).build();
        List<io.prometheus.metrics.model.snapshots.MetricSnapshot> all = new ArrayList<>(List.of(pending.build(), quarantined.build(),
                oldest.build(), destinationState.build(), interfaceState.build(), stopped.build(), drain));
        if (open != null) {
            GaugeSnapshot.Builder alerts = GaugeSnapshot.builder().name("ductus_alerts_firing")
                    .help("Alerts firing or recovering (told, or silenced), by severity");
            for (Severity s : Severity.values()) {
                alerts.dataPoint(point(Labels.of("severity", s.label()), open.stream()
                        .filter(a -> s.label().equals(a.severity()) && (a.status().equals("firing") || a.status().equals("recovering"))).count()));
            }
            all.add(alerts.build());
        }
        if (stats != null) {
            all.add(CounterSnapshot.builder().name("ductus_health_rounds").help("Judging rounds since start")
                    .dataPoint(CounterDataPointSnapshot.builder().value(stats.rounds()).build()).build());
            all.add(CounterSnapshot.builder().name("ductus_health_round_seconds").help("Time spent in judging rounds since start")
                    .dataPoint(CounterDataPointSnapshot.builder().value(stats.nanos() / 1e9).build()).build());
            all.add(CounterSnapshot.builder().name("ductus_health_round_cpu_seconds").help("CPU time of the judging thread in rounds since start")
                    .dataPoint(CounterDataPointSnapshot.builder().value(stats.cpuNanos() / 1e9).build()).build());
            all.add(CounterSnapshot.builder().name("ductus_health_cpu_seconds")
                    .help("CPU time of the health and alert threads since start: rounds, sampling, saving, sending")
                    .dataPoint(CounterDataPointSnapshot.builder().value(stats.threadsCpuNanos() / 1e9).build()).build());
        }
        return new MetricSnapshots(all);
    }

    private static GaugeDataPointSnapshot point(Labels labels, double value) {
        return GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
    }
}
