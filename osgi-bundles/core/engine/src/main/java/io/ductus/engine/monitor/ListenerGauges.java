package io.ductus.engine.monitor;

import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.Refusals;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.List;

/**
 * What the listeners and the API refused, by listener (an interface's name, or {@code api}) and kind, and the
 * engine's budget of bytes in flight: read at each scrape from the one {@link ListenerLimits}.
 */
final class ListenerGauges {

    private ListenerGauges() {
    }

    static List<MetricSnapshot> of(ListenerLimits limits) {
        CounterSnapshot.Builder refusals = CounterSnapshot.builder().name("ductus_refusals")
                .help("Connections, frames and requests refused, by listener (an interface, or api) and kind: connections,"
                        + " connections_per_address, frame_timeout, bytes_in_flight, max_frame, not_hl7, incomplete, per_caller, busy,"
                        + " api_credentials, sign_in");
        for (Refusals.Count c : limits.refusals().counts()) {
            refusals.dataPoint(CounterDataPointSnapshot.builder()
                    .labels(Labels.of("listener", c.kind().listener(), "kind", c.kind().kind())).value(c.count()).build());
        }
        GaugeSnapshot held = GaugeSnapshot.builder().name("ductus_bytes_in_flight")
                .help("Bytes of frames and request bodies being received or not yet answered, on every listener and the API")
                .dataPoint(GaugeDataPointSnapshot.builder().value(limits.budget().held()).build()).build();
        GaugeSnapshot limit = GaugeSnapshot.builder().name("ductus_bytes_in_flight_limit")
                .help("The budget of bytes in flight (limits.bytes_in_flight_mb); past it new frames get MLLP AE or HTTP 503")
                .dataPoint(GaugeDataPointSnapshot.builder().value(limits.budget().limit()).build()).build();
        return List.of(refusals.build(), held, limit);
    }
}
