package io.ductus.engine.monitor;

import io.ductus.connector.listener.tls.Certificates;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.time.Instant;
import java.util.List;

/** When each certificate the engine presents or checks expires, read at each scrape (renewals included). */
final class CertificateGauges {

    private CertificateGauges() {
    }

    static List<MetricSnapshot> of(Certificates certificates, Instant now) {
        List<Certificates.Expiry> all = certificates.expiries();
        if (all.isEmpty()) return List.of();
        GaugeSnapshot.Builder expiry = GaugeSnapshot.builder().name("ductus_certificate_expiry_timestamp_seconds")
                .help("When a certificate of resources.yaml expires (the first of its chain to), Unix seconds, by name and kind (pair, ca)");
        GaugeSnapshot.Builder soon = GaugeSnapshot.builder().name("ductus_certificate_expiring")
                .help("1 when a certificate expires within 30 days (renew it), else 0");
        for (Certificates.Expiry e : all) {
            Labels labels = Labels.of("certificate", e.name(), "kind", e.pair() ? "pair" : "ca");
            expiry.dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(e.notAfter().getEpochSecond()).build());
            soon.dataPoint(GaugeDataPointSnapshot.builder().labels(labels)
                    .value(e.notAfter().isBefore(now.plus(Certificates.WARN_AHEAD)) ? 1 : 0).build());
        }
        return List.of(expiry.build(), soon.build());
    }
}
