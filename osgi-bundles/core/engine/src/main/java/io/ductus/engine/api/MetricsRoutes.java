package io.ductus.engine.api;

import io.ductus.engine.monitor.EngineGauges;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.QueueCounts;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import io.ductus.store.DestinationCounts;
import io.ductus.store.Store;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        return Route.get("/metrics", "getMetrics", "Metrics in Prometheus text: received, deliveries by outcome, retries, latencies, queues, stopped interfaces, drain")
                .tag("monitoring").produces("text/plain").returns(200, "Metrics").handle((r, c) -> scrape());
    }

    private ApiResponse scrape() {
        EngineRuntime running = runtime.get();
        Collection<DestinationCounts> queues = List.of();
        Map<String, Boolean> runs = new LinkedHashMap<>();
        boolean draining = false;
        if (running != null) {
            InterfaceManager interfaces = running.interfaces();
            queues = QueueCounts.read(store, interfaces.destinations()).values();
            for (InterfaceState s : interfaces.states()) runs.put(s.name(), s.runs());
            draining = interfaces.draining();
        }
        return new ApiResponse(200, EngineMetrics.CONTENT_TYPE, metrics.scrape(EngineGauges.of(queues, runs, draining)));
    }
}
