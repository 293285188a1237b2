package io.ductus.engine.api;

import io.ductus.engine.health.HealthSnapshot;
import io.ductus.engine.monitor.Activity;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.engine.runtime.InterfaceManager.Change;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import io.ductus.store.Store;
import io.ductus.store.account.AuditEntry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The interfaces: each with its state, source, destinations (paused or not, pending and quarantined
 * counts) and health; pausing and resuming a destination (operator), each with its audit row.
 */
final class InterfaceRoutes {

    private final Supplier<EngineRuntime> runtime;
    private final Store store;
    private final Clock clock;
    private final Activity activity;

    InterfaceRoutes(Supplier<EngineRuntime> runtime, Store store, Activity activity, Clock clock) {
        this.runtime = runtime;
        this.store = store;
        this.activity = activity;
        this.clock = clock;
    }

    List<Route> routes() {
        String destination = "/api/v1/interfaces/{name}/destinations/{destination}";
        return List.of(
                Route.get("/api/v1/interfaces", "listInterfaces", "Every interface: state, source, destinations with pending and quarantined counts, health")
                        .tag("interfaces").work(Work.READ).returns(200, "InterfaceList").handle((r, c) -> list()),
                Route.get("/api/v1/interfaces/{name}", "getInterface", "One interface: state, source, destinations with pending and quarantined counts, health")
                        .tag("interfaces").work(Work.READ).returns(200, "Interface").handle((r, c) -> one(r)),
                Route.post(destination + "/pause", "pauseDestination", "Pause a destination: its messages wait (intake goes on storing them)")
                        .tag("interfaces").returns(200, "Destination").handle(this::pause),
                Route.post(destination + "/resume", "resumeDestination", "Resume a paused destination: what waits for it is sent in order")
                        .tag("interfaces").returns(200, "Destination").handle(this::resume),
                Route.post(destination + "/retry", "retryDestination",
                                "Retry now: the destination's deliveries waiting for their back-off are tried at once, in order")
                        .tag("interfaces").returns(200, "RetriedNow").handle(this::retryNow));
    }

    private ApiResponse list() {
        interfaces(runtime);
        HealthSnapshot snapshot = runtime.get().health().snapshot();
        return ApiResponse.json(200, Map.of("draining", snapshot.draining(),
                "interfaces", snapshot.interfaces().stream().map(i -> InterfaceJson.of(i)).toList()));
    }

    private ApiResponse one(ApiRequest request) {
        InterfaceManager interfaces = interfaces(runtime);
        String name = request.pathName("name");
        state(interfaces, name);
        return ApiResponse.json(200, InterfaceJson.of(runtime.get().health().snapshot().find(name).orElseThrow()));
    }

    private ApiResponse pause(ApiRequest request, Caller caller) {
        return change(request, caller, "destination.pause", InterfaceManager::pause);
    }

    private ApiResponse resume(ApiRequest request, Caller caller) {
        return change(request, caller, "destination.resume", InterfaceManager::resume);
    }

    private ApiResponse retryNow(ApiRequest request, Caller caller) {
        InterfaceManager interfaces = interfaces(runtime);
        String name = request.pathName("name");
        String destination = request.pathName("destination");
        java.util.OptionalInt waiting = interfaces.retryNow(name, destination, Audits.of(caller, clock.millis(), "destination.retry",
                "destination:" + name + "/" + destination, Audits.OK, null));
        if (waiting.isEmpty()) {
            state(interfaces, name);
            throw new ApiProblem(404, "Not found", "Interface " + name + " has no destination '" + destination
                    + "'. GET /api/v1/interfaces/" + name + " lists its destinations.");
        }
        return ApiResponse.json(200, Map.of("interface", name, "destination", destination, "waiting", waiting.getAsInt()));
    }

    private interface DestinationChange {
        Change apply(InterfaceManager interfaces, String interfaceName, String destination, AuditEntry audit);
    }

    private ApiResponse change(ApiRequest request, Caller caller, String action, DestinationChange change) {
        InterfaceManager interfaces = interfaces(runtime);
        String name = request.pathName("name");
        String destination = request.pathName("destination");
        // Saved in the store (so it holds across restarts) with its audit row, in one transaction.
        Change done = change.apply(interfaces, name, destination, Audits.of(caller, clock.millis(), action,
                "destination:" + name + "/" + destination, Audits.OK, null));
        if (done == Change.UNKNOWN) {
            state(interfaces, name);
            throw new ApiProblem(404, "Not found", "Interface " + name + " has no destination '" + destination
                    + "'. GET /api/v1/interfaces/" + name + " lists its destinations.");
        }
        HealthSnapshot.InterfaceHealth health = runtime.get().health().snapshot().find(name).orElseThrow();
        var d = health.destinations().stream().filter(x -> x.name().equals(destination)).findFirst().orElseThrow();
        return ApiResponse.json(200, InterfaceJson.destination(health.state(), d));
    }

    private static InterfaceState state(InterfaceManager interfaces, String name) {
        return interfaces.state(name).orElseThrow(() -> new ApiProblem(404, "Not found", "There is no interface '" + name
                + "'. GET /api/v1/interfaces lists them."));
    }

    /** The running engine's interfaces; 503 while it starts. */
    static InterfaceManager interfaces(Supplier<EngineRuntime> runtime) {
        EngineRuntime running = runtime.get();
        if (running == null) {
            throw new ApiProblem(503, "Engine starting", "The engine is starting its interfaces; try again in a moment.");
        }
        return running.interfaces();
    }
}
