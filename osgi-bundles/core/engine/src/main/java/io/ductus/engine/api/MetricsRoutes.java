package io.ductus.engine.api;

import io.ductus.engine.monitor.EngineGauges;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.health.HealthSnapshot;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.store.Store;
import java.util.function.Supplier;

/**
 * GET /metrics in Prometheus text: the engine's counters and histograms from memory, and gauges read
 * for this scrape (queues from the database, which interfaces run, the drain).
 */
final class MetricsRoutes {

    private final EngineMetrics metrics;
    private final Supplier<EngineRuntime> runtime;
    private final Store store;

    MetricsRoutes(EngineMetrics metrics, Supplier<EngineRuntime> runtime, Store store) {
        this.metrics = metrics;
        this.runtime = runtime;
        this.store = store;
    }

    Route route() {
        return Route.get("/metrics", "getMetrics", "Metrics in Prometheus text: received, deliveries by outcome, retries, latencies, queues, health states, alerts, drain, retention")
                .tag("monitoring").work(Work.READ).produces("text/plain").returns(200, "Metrics").handle((r, c) -> scrape());
    }

    private ApiResponse scrape() {
        EngineRuntime running = runtime.get();
        if (running == null) {
            return new ApiResponse(200, EngineMetrics.CONTENT_TYPE, metrics.scrape(EngineGauges.of(null, null, null)));
        }
        HealthSnapshot snapshot = running.health().snapshot();
        io.prometheus.metrics.model.snapshots.MetricSnapshots gauges = EngineGauges.of(snapshot,
                running.alerts().operations().open(), running.alerts().stats());
        java.util.List<io.prometheus.metrics.model.snapshots.MetricSnapshot> all = new java.util.ArrayList<>();
        gauges.forEach(all::add);
        all.addAll(io.ductus.engine.retention.RetentionGauges.of(running.retention().counted(), running.retention().known(),
                System.currentTimeMillis()));
        return new ApiResponse(200, EngineMetrics.CONTENT_TYPE, metrics.scrape(new io.prometheus.metrics.model.snapshots.MetricSnapshots(all)));
    }
}
