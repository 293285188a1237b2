package io.ductus.engine.api;

import io.ductus.engine.EngineStatus;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.PluginStatus;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.store.Store;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the API reads and steers of the engine.
 *
 * @param bundles what {@link EngineRoutes#bundlesOf} reads from the framework (a plain list, so tests need no framework)
 * @param runtime the running interfaces, or null while the engine starts
 */
public record EngineParts(EngineStatus status, Supplier<List<Map<String, Object>>> bundles, ConnectorRegistry connectors,
                          Supplier<List<PluginStatus>> plugins, Supplier<EngineRuntime> runtime, Store store,
                          EventHub events, EngineMetrics metrics) {
}
