package io.ductus.engine.retention;

import io.ductus.store.retention.RetentionStore;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.List;
import java.util.Map;

/** Retention's gauges in /metrics: what the last run counted (hourly), and each interface's window. */
public final class RetentionGauges {

    private RetentionGauges() {
    }

    public static List<MetricSnapshot> of(RetentionService.Counted counted, Map<String, RetentionService.InterfaceRetention> interfaces,
                                          long now) {
        GaugeSnapshot.Builder messages = GaugeSnapshot.builder().name("ductus_retention_messages")
                .help("Messages kept, by interface, as retention last counted (hourly)");
        GaugeSnapshot.Builder bytes = GaugeSnapshot.builder().name("ductus_retention_bytes")
                .help("Payload bytes of the messages kept, by interface, as last counted");
        GaugeSnapshot.Builder oldest = GaugeSnapshot.builder().name("ductus_retention_oldest_seconds")
                .help("Age of the oldest message kept, by interface, as last counted");
        GaugeSnapshot.Builder held = GaugeSnapshot.builder().name("ductus_retention_held_messages")
                .help("Messages past their window still kept because a destination owes them (pending) or they are quarantined");
        GaugeSnapshot.Builder window = GaugeSnapshot.builder().name("ductus_retention_window_days")
                .help("The window (days) an interface's messages are purged by now");
        GaugeSnapshot.Builder waiting = GaugeSnapshot.builder().name("ductus_retention_waiting_confirmation")
                .help("1 when a shorter window waits for ductus retention confirm");
        for (RetentionStore.Kept k : counted.kept().values()) {
            Labels labels = Labels.of("interface", k.interfaceName());
            messages.dataPoint(point(labels, k.messages()));
            bytes.dataPoint(point(labels, k.bytes()));
            oldest.dataPoint(point(labels, k.oldestReceivedAt() == 0 ? 0 : Math.max(0, now - k.oldestReceivedAt()) / 1000.0));
            held.dataPoint(point(labels, k.held()));
        }
        for (RetentionService.InterfaceRetention i : interfaces.values()) {
            Labels labels = Labels.of("interface", i.name());
            i.applied().ifPresent(w -> window.dataPoint(point(labels, w.days())));
            waiting.dataPoint(point(labels, i.waiting() ? 1 : 0));
        }
        GaugeSnapshot audit = GaugeSnapshot.builder().name("ductus_audit_rows").help("Audit rows kept, as last counted")
                .dataPoint(point(Labels.EMPTY, counted.auditRows())).build();
        GaugeSnapshot database = GaugeSnapshot.builder().name("ductus_database_bytes")
                .help("The database's size, as last counted; free: of it free for reuse (SQLite)")
                .dataPoint(point(Labels.of("part", "all"), counted.space().bytes()))
                .dataPoint(point(Labels.of("part", "free"), counted.space().freeBytes())).build();
        return List.of(messages.build(), bytes.build(), oldest.build(), held.build(), window.build(), waiting.build(), audit, database);
    }

    private static GaugeDataPointSnapshot point(Labels labels, double value) {
        return GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
    }
}
