package io.ductus.engine.runtime;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.services.EngineServices;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptHost;
import io.ductus.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The threads the interfaces share and the manager that runs them; one per engine. */
public final class EngineRuntime {

    private final InterfaceManager interfaces;
    private final ScheduledExecutorService timers;
    private final ExecutorService storing;
    private final ScriptHosting scripts;
    private final EngineServices services;

    private EngineRuntime(InterfaceManager interfaces, ScheduledExecutorService timers, ExecutorService storing,
                          ScriptHosting scripts, EngineServices services) {
        this.interfaces = interfaces;
        this.timers = timers;
        this.storing = storing;
        this.scripts = scripts;
        this.services = services;
    }

    /** The script host, made when the first interface with code starts (GraalJS takes a moment to start). */
    private static final class ScriptHosting implements java.util.function.Supplier<ScriptHost> {
        private ScriptHost host;

        @Override
        public synchronized ScriptHost get() {
            if (host == null) host = ScriptHost.start();
            return host;
        }

        synchronized void close() {
            if (host != null) host.close();
        }
    }

    /**
     * Starts the interfaces of a project read with {@link io.ductus.project.ProjectLoader#read}; they count
     * into {@code metrics} and publish what happens to {@code events}.
     */
    public static EngineRuntime start(ProjectSources project, Path projectFolder, ConnectorRegistry registry, Store store,
                                      Clock clock, Path dataDirectory, EngineMetrics metrics, EventHub events) {
        ProjectCheck structure = ProjectValidator.check(project, ConnectorTypes.unknown());
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ductus-connector-timers");
            t.setDaemon(true);
            return t;
        });
        ExecutorService storing = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("intake-", 0).factory());
        ScriptHosting scripts = new ScriptHosting();
        String environment = SecretsFile.environment(System::getenv);
        EngineServices services = new EngineServices(structure.project().resources().databases(), projectFolder,
                structure.project().settings().variables(), System::getenv,
                () -> SecretsFile.open(SecretsFile.path(projectFolder, environment),
                        SecretsFile.keyFrom(System::getenv), dataDirectory));
        InterfaceManager manager = new InterfaceManager(structure.project().interfaces().values(), registry,
                types -> ProjectValidator.check(project, types),
                new InterfaceRuntime.Shared(store, clock, projectFolder, dataDirectory, timers, storing, scripts, services,
                        metrics, events, new RunningLanes()));
        manager.start();
        return new EngineRuntime(manager, timers, storing, scripts, services);
    }

    public InterfaceManager interfaces() {
        return interfaces;
    }

    /** Stops the interfaces gracefully, then the shared threads. */
    public void stop() {
        interfaces.stop();
        scripts.close();
        services.close();
        timers.shutdownNow();
        storing.shutdown();
        try {
            storing.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
