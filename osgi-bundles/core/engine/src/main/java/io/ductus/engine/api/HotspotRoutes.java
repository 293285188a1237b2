package io.ductus.engine.api;

import io.ductus.core.health.Hotspots;
import io.ductus.engine.health.HealthMonitor;
import io.ductus.engine.runtime.EngineRuntime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** GET /api/v1/hotspots: where backlogs sit (blocked lanes, a receiver that looks down, hot keys), on demand. */
final class HotspotRoutes {

    private final Supplier<EngineRuntime> runtime;

    HotspotRoutes(Supplier<EngineRuntime> runtime) {
        this.runtime = runtime;
    }

    Route route() {
        return Route.get("/api/v1/hotspots", "getHotspots",
                        "Where backlogs sit: blocked lanes, a receiver that looks down, hot keys, lanes no worker reads (reads each backlog's queue index)")
                .tag("monitoring").work(Work.SCAN).returns(200, "Hotspots").handle((r, c) -> hotspots());
    }

    private ApiResponse hotspots() {
        EngineRuntime running = runtime.get();
        if (running == null) throw new ApiProblem(503, "Engine starting", "The engine is starting; try again in a moment.");
        List<Map<String, Object>> destinations = new ArrayList<>();
        for (HealthMonitor.DestinationHotspots d : running.health().hotspots()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("interface", d.destination().interfaceName());
            m.put("destination", d.destination().destination());
            m.put("waiting", d.waiting());
            List<Map<String, Object>> found = new ArrayList<>();
            for (Hotspots.Hotspot h : d.found()) {
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("kind", h.kind().label());
                f.put("lane", h.lane() < 0 ? null : h.lane());
                f.put("key", h.key());
                f.put("waiting", h.waiting());
                f.put("detail", h.detail());
                found.add(f);
            }
            m.put("hotspots", found);
            destinations.add(m);
        }
        return ApiResponse.json(200, Map.of("destinations", destinations));
    }
}
