package io.ductus.engine.api;

import io.ductus.engine.monitor.QueueCounts;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.engine.runtime.InterfaceManager.Change;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import java.time.Clock;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The drain, for upgrades: start it (every source stops taking input; what is pending is still
 * delivered), follow it until drained, stop it (the sources open again). Starting and stopping write
 * their audit rows.
 */
final class DrainRoutes {

    private final Supplier<EngineRuntime> runtime;
    private final Store store;
    private final Clock clock;

    DrainRoutes(Supplier<EngineRuntime> runtime, Store store, Clock clock) {
        this.runtime = runtime;
        this.store = store;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/drain", "getDrain", "Whether the engine drains, since when, and how many deliveries are still pending")
                        .tag("drain").returns(200, "Drain").handle((r, c) -> ApiResponse.json(200, status())),
                Route.post("/api/v1/drain", "startDrain", "Start a drain: every source stops taking input; pending deliveries go on")
                        .tag("drain").returns(200, "Drain").handle((r, c) -> change(c, true)),
                Route.delete("/api/v1/drain", "stopDrain", "End the drain: the sources take input again")
                        .tag("drain").returns(200, "Drain").handle((r, c) -> change(c, false)));
    }

    private ApiResponse change(Caller caller, boolean drain) throws InterruptedException {
        InterfaceManager interfaces = InterfaceRoutes.interfaces(runtime);
        Change done = drain ? interfaces.drain() : interfaces.undrain();
        if (done == Change.DONE) {
            // Not a database change: its audit row is written in a transaction of its own, right after.
            Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), drain ? "drain.start" : "drain.stop",
                    "engine", Audits.OK, null));
        }
        return ApiResponse.json(200, status());
    }

    /** Pending deliveries of paused destinations are counted apart: they wait for a resume, not for the drain. */
    private Map<String, Object> status() {
        InterfaceManager interfaces = InterfaceRoutes.interfaces(runtime);
        Set<DestinationRef> paused = new HashSet<>();
        for (InterfaceState s : interfaces.states()) {
            s.destinations().stream().filter(d -> d.paused()).forEach(d -> paused.add(new DestinationRef(s.name(), d.name())));
        }
        long pending = 0;
        long pendingPaused = 0;
        for (DestinationCounts c : QueueCounts.read(store, interfaces.destinations()).values()) {
            if (paused.contains(c.destination())) pendingPaused += c.pending();
            else pending += c.pending();
        }
        boolean draining = interfaces.draining();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("draining", draining);
        m.put("since", interfaces.drainingSince().map(Object::toString).orElse(null));
        m.put("drained", draining && pending == 0);
        m.put("pending", pending);
        m.put("pendingPaused", pendingPaused);
        return m;
    }
}
