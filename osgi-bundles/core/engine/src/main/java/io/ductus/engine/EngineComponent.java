package io.ductus.engine;

import io.ductus.engine.api.ApiServer;
import io.ductus.engine.api.EngineRoutes;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.PluginMonitor;
import io.ductus.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Hashtable;
import java.util.stream.Stream;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts and stops the engine inside the framework: API listener first (answering 503 while starting),
 * then the parts that do the work, then the signal the launcher waits for.
 */
@Component(immediate = true, service = {})
public final class EngineComponent {

    private static final Logger LOG = LoggerFactory.getLogger(EngineComponent.class);

    private final BundleContext context;
    private final EngineStatus status;
    private final PluginMonitor plugins;
    private final ApiServer api;
    private ServiceRegistration<?> signal;

    @Activate
    public EngineComponent(BundleContext context, @Reference ConnectorRegistry connectors, @Reference Store store)
            throws Exception {
        this.context = context;
        EngineSettings settings = EngineSettings.from(context::getProperty);
        Clock clock = Clock.systemUTC();
        this.status = new EngineStatus(settings, clock);
        this.plugins = new PluginMonitor(context, settings.plugins());
        this.api = new ApiServer(settings.apiListen(), new EngineRoutes(status, context, connectors, plugins).routes());
        try {
            api.start();
            plugins.start();
            int interfaces = countInterfaces(settings.project());
            status.running();
            signal = started(interfaces);
            LOG.info("engine {} running: api {}, database {}, {} interface(s), plugins from {}", settings.version(),
                    api.url(), settings.database().display(), interfaces, settings.plugins());
        } catch (Exception e) {
            LOG.error("engine could not start: {}", e.getMessage());
            signal = failed(e.getMessage());
            plugins.stop();
            api.stop();
            throw e;
        }
    }

    @Deactivate
    public void stop() {
        status.stopping();
        LOG.info("engine stopping");
        if (signal != null) signal.unregister();
        plugins.stop();
        api.stop();
        LOG.info("engine stopped");
    }

    private ServiceRegistration<?> started(int interfaces) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(EngineSignal.STATE, "started");
        props.put(EngineSignal.API_URL, api.url());
        props.put(EngineSignal.INTERFACES, Integer.toString(interfaces));
        return context.registerService(Object.class.getName(), new Object(), props);
    }

    private ServiceRegistration<?> failed(String reason) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(EngineSignal.STATE, "failed");
        props.put(EngineSignal.REASON, reason == null ? "unknown error" : reason);
        return context.registerService(Object.class.getName(), new Object(), props);
    }

    /** Interfaces are folders under interfaces/ holding an interface.yaml; the engine runs them from #4 on. */
    static int countInterfaces(Path project) throws IOException {
        Path folder = project.resolve("interfaces");
        if (!Files.isDirectory(folder)) return 0;
        try (Stream<Path> children = Files.list(folder)) {
            return (int) children.filter(p -> Files.isRegularFile(p.resolve("interface.yaml"))).count();
        }
    }
}
