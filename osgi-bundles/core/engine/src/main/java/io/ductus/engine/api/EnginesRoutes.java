package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.store.Store;
import io.ductus.store.engine.EngineRecord;
import io.ductus.store.engine.EngineStore;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The engines sharing the database (docs/engines.md): which live, in what state, and which interfaces each
 * delivers; an operator moves an interface to another engine or drains an engine (its interfaces go to the
 * others; it keeps receiving). Both requests are carried out by the engines within their next claim round and
 * write an audit row. Not to be confused with {@code /api/v1/drain}, which stops this engine's sources for an
 * upgrade.
 */
final class EnginesRoutes {

    private final Store store;
    private final Clock clock;

    /** @param store the engine's own store (not the callers' view): the engine runs and claims live there */
    EnginesRoutes(Store store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/engines", "listEngines", "The live engines on this database: state and the interfaces each delivers")
                        .tag("engines").returns(200, "EngineList").handle((r, c) -> ApiResponse.json(200, list())),
                Route.post("/api/v1/engines/{id}/drain", "drainEngine",
                                "Hand an engine's interfaces to the other live engines (it goes on receiving); then stop it")
                        .tag("engines").returns(200, "EngineList").returns(409, "Problem").handle(this::drain),
                Route.post("/api/v1/interfaces/{name}/move", "moveInterface",
                                "Have another live engine deliver an interface from now on (intake goes on)")
                        .tag("engines").body("InterfaceMove").returns(200, "EngineList").returns(409, "Problem").handle(this::move));
    }

    private EngineStore engines() {
        if (store == null) throw new ApiProblem(503, "Engine starting", "The engine is starting; try again in a moment.");
        try {
            return store.engines();
        } catch (UnsupportedOperationException e) {
            throw new ApiProblem(501, "Not available", "This store does not share its database between engines: " + e.getMessage() + ".");
        }
    }

    private ApiResponse drain(ApiRequest request, Caller caller) {
        String id = request.pathName("id");
        EngineStore engines = engines();
        try {
            engines.requestDrain(id);
        } catch (IllegalArgumentException e) {
            Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), "engine.drain", "engine:" + id, Audits.REFUSED,
                    Map.of("reason", String.valueOf(e.getMessage()))));
            throw new ApiProblem(409, "Cannot drain", sentence(e.getMessage()) + " GET /api/v1/engines lists the live engines.");
        }
        Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), "engine.drain", "engine:" + id, Audits.OK, null));
        return ApiResponse.json(200, list());
    }

    private ApiResponse move(ApiRequest request, Caller caller) {
        String name = request.pathName("name");
        JsonNode body = request.json();
        JsonNode to = body.get("to");
        if (to == null || !to.isTextual() || to.asText().isBlank()) {
            throw ApiProblem.badRequest("say which engine is to deliver " + name + ": {\"to\": \"<engine id>\"} (GET /api/v1/engines lists them).");
        }
        String target = to.asText();
        EngineStore engines = engines();
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("to", target);
        try {
            engines.requestMove(name, target);
        } catch (IllegalArgumentException e) {
            detail.put("reason", String.valueOf(e.getMessage()));
            Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), "interface.move", "interface:" + name, Audits.REFUSED, detail));
            throw new ApiProblem(409, "Cannot move", sentence(e.getMessage()) + " GET /api/v1/engines lists the live engines and what each delivers.");
        }
        Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), "interface.move", "interface:" + name, Audits.OK, detail));
        return ApiResponse.json(200, list());
    }

    private static String sentence(String said) {
        String s = String.valueOf(said).strip();
        return s.endsWith(".") ? s : s + ".";
    }

    private Map<String, Object> list() {
        List<Map<String, Object>> items = new ArrayList<>();
        for (EngineRecord e : engines().engines()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", e.id());
            m.put("host", e.host());
            m.put("pid", e.pid());
            m.put("version", e.version());
            m.put("startedAt", Instant.ofEpochMilli(e.startedAt()).toString());
            m.put("state", e.state().name().toLowerCase(Locale.ROOT));
            m.put("owns", e.owns());
            items.add(m);
        }
        return Map.of("items", items);
    }
}
