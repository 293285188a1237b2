package io.ductus.engine.api;

import io.ductus.engine.EngineState;
import io.ductus.engine.EngineStatus;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.PluginStatus;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.sdk.Role;
import io.ductus.store.Store;
import io.ductus.store.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The engine operations: health, readiness and what is loaded. */
public final class EngineRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(EngineRoutes.class);

    private final EngineStatus status;
    private final Supplier<List<Map<String, Object>>> bundles;
    private final ConnectorRegistry connectors;
    private final Supplier<List<PluginStatus>> plugins;
    private final Supplier<EngineRuntime> runtime;
    private final Store store;

    public EngineRoutes(EngineParts engine) {
        this.status = engine.status();
        this.bundles = engine.bundles();
        this.connectors = engine.connectors();
        this.plugins = engine.plugins();
        this.runtime = engine.runtime();
        this.store = engine.store();
    }

    public List<Route> routes() {
        return List.of(
                Route.get("/api/v1/health", "getHealth", "Whether the engine runs: 200 once started, 503 while starting or stopping")
                        .returns(200, "Health").returns(503, "Health").handle((r, c) -> health()),
                Route.get("/api/v1/ready", "getReady", "Whether to send it work: 200 when started, not draining, every source listening,"
                                + " every intake storing in time and its database answers; 503 and why not")
                        .returns(200, "Ready").returns(503, "Ready").handle((r, c) -> ready()),
                Route.get("/api/v1/engine", "getEngine", "Version, uptime, database, bundles, connector types, plugins and interfaces")
                        .returns(200, "Engine").handle((r, c) -> engine()));
    }

    private ApiResponse health() {
        EngineState state = status.state();
        return state == EngineState.RUNNING
                ? ApiResponse.json(200, Map.of("status", "ok"))
                : ApiResponse.json(503, Map.of("status", state.name().toLowerCase(Locale.ROOT)));
    }

    /**
     * Ready: running, not draining, every source listening, no interface's intake stalled (its senders would wait for
     * their ACKs), and the database answers. 503 lists every reason it is not.
     */
    private ApiResponse ready() {
        List<String> reasons = new ArrayList<>();
        EngineRuntime running = runtime.get();
        if (status.state() != EngineState.RUNNING) {
            reasons.add("the engine is " + status.state().name().toLowerCase(Locale.ROOT));
        } else if (running == null) {
            reasons.add("the engine is starting its interfaces");
        } else if (running.interfaces().draining()) {
            reasons.add("the engine is draining: no source takes input");
        }
        if (running != null) {
            running.interfaces().states().stream().filter(s -> s.state().equals(InterfaceManager.NOT_LISTENING))
                    .forEach(s -> reasons.add("interface " + s.name() + " is not listening: " + s.reason()));
            reasons.addAll(running.health().stalledIntakes());
        }
        try {
            store.ping();
        } catch (StoreException e) {
            LOG.warn("not ready: the database does not answer: {}", e.getMessage());
            reasons.add("the database does not answer: " + e.getMessage());
        }
        return reasons.isEmpty()
                ? ApiResponse.json(200, Map.of("status", "ready", "reasons", reasons))
                : ApiResponse.json(503, Map.of("status", "not ready", "reasons", reasons));
    }

    private ApiResponse engine() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("version", status.settings().version());
        body.put("state", status.state().name().toLowerCase(Locale.ROOT));
        body.put("startedAt", status.startedAt().toString());
        body.put("uptimeSeconds", status.uptime().toSeconds());
        body.put("database", Map.of("kind", status.settings().database().kind().label(),
                "location", status.settings().database().display()));
        body.put("bundles", bundles.get());
        body.put("connectorTypes", connectorTypes());
        body.put("plugins", plugins.get());
        EngineRuntime running = runtime.get();
        body.put("draining", running != null && running.interfaces().draining());
        body.put("interfaces", running == null ? List.of() : running.interfaces().states());
        return ApiResponse.json(200, body);
    }

    /** The framework's bundles as getEngine shows them. */
    public static List<Map<String, Object>> bundlesOf(BundleContext context) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", b.getBundleId());
            m.put("symbolicName", b.getSymbolicName());
            m.put("version", b.getVersion().toString());
            m.put("state", stateName(b.getState()));
            m.put("location", b.getLocation());
            list.add(m);
        }
        return list;
    }

    private List<Map<String, Object>> connectorTypes() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (ConnectorRegistry.Registration r : connectors.all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", r.type().name());
            m.put("roles", r.type().roles().stream().map(Role::name).map(s -> s.toLowerCase(Locale.ROOT)).toList());
            m.put("description", r.type().description());
            m.put("bundle", r.bundle());
            m.put("bundleVersion", r.bundleVersion());
            m.put("inUse", connectors.inUse(r));
            list.add(m);
        }
        return list;
    }

    static String stateName(int state) {
        return switch (state) {
            case Bundle.ACTIVE -> "active";
            case Bundle.RESOLVED -> "resolved";
            case Bundle.INSTALLED -> "installed";
            case Bundle.STARTING -> "starting";
            case Bundle.STOPPING -> "stopping";
            default -> "uninstalled";
        };
    }
}
