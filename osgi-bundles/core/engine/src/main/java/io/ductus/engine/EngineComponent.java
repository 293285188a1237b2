package io.ductus.engine;

import io.ductus.core.project.ProjectSources;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.core.auth.Lockout;
import io.ductus.core.auth.SessionPolicy;
import io.ductus.engine.api.Api;
import io.ductus.engine.api.ApiLimits;
import io.ductus.engine.api.ApiServer;
import io.ductus.engine.api.EngineParts;
import io.ductus.engine.api.EngineRoutes;
import io.ductus.engine.monitor.CountsWatcher;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.PluginMonitor;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.StartRevisions;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import java.util.Map;
import io.ductus.project.LoadedProject;
import io.ductus.store.Store;
import java.time.Clock;
import java.util.Hashtable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts and stops the engine inside the framework: the API listener (answering 503 while starting, made while the
 * project is read), then the interfaces, then the signal the launcher waits for. Stops in the opposite order.
 */
@Component(immediate = true, service = {})
public final class EngineComponent {

    private static final Logger LOG = LoggerFactory.getLogger(EngineComponent.class);

    private final BundleContext context;
    private final EngineStatus status;
    private final PluginMonitor plugins;
    private volatile ApiServer api;
    private final EventHub events = new EventHub();
    private final EngineMetrics metrics = new EngineMetrics();
    private volatile EngineRuntime runtime;
    private CountsWatcher counts;
    private ServiceRegistration<?> signal;
    private volatile io.ductus.engine.design.RevisionFollower follower;

    @Activate
    public EngineComponent(BundleContext context, @Reference ConnectorRegistry connectors, @Reference Store store,
                           @Reference ListenerLimits listeners, @Reference Certificates certificates,
                           @Reference ProjectReading reading) throws Exception {
        this.context = context;
        StartupSteps.mark("engine component activated (store open, connector registry there)");
        EngineSettings settings = EngineSettings.from(context::getProperty);
        Clock clock = Clock.systemUTC();
        this.status = new EngineStatus(settings, clock);
        this.plugins = new PluginMonitor(context, settings.plugins());
        metrics.watch(listeners);
        metrics.watch(certificates);
        CompletableFuture<Api> listening = null;
        try {
            // Before anything listens: a broken certificate changes nothing, and says which entry and why.
            LoadedProject engineFiles = EngineCertificates.install(settings, certificates, clock);
            StartupSteps.mark("certificates loaded");
            // The API (its routes, JSON mapping and listener: a third of a second of class loading) is made on a thread of
            // its own while this one records the revisions; it listens before any interface starts.
            listening = CompletableFuture.supplyAsync(() -> listen(settings, engineFiles, clock, connectors, store,
                    listeners, certificates), r -> Thread.ofPlatform().name("ductus-api-start").start(r));
            plugins.start();
            // Read and checked (structure) while the store opened, after the folder replaces a crash interrupted were
            // finished or undone: the interfaces start from it, and the revisions below record what it read.
            ProjectReading.Read read = reading.take(settings.project());
            StartupSteps.mark("project read and checked (awaited)");
            ProjectSources sources = read.sources();
            io.ductus.core.project.ProjectCheck structure = read.structure();
            // Before the interfaces start: every interface folder's files are on record as the revision it runs.
            // Engines on one database: a project that differs from what the engines already running run is refused.
            io.ductus.engine.design.SharedProjectCheck.check(settings.project(), store);
            StartupSteps.mark("project compared with the other engines' revisions");
            Map<String, RunningRevision> revisions = StartRevisions.record(settings.project(), store.revisions(), clock.millis());
            StartupSteps.mark("revisions recorded (" + revisions.size() + " interface folders)");
            LoadedProject project = new LoadedProject(settings.project(), structure);
            if (!project.engineProblems().isEmpty()) {
                throw new IllegalStateException("the project has problems: " + project.engineProblems().get(0));
            }
            // The API listens before the interfaces start (a port taken refuses the start before any interface runs).
            Api table = joined(listening);
            StartupSteps.mark("API listening (awaited)");
            runtime = EngineRuntime.start(sources, structure, settings.project(), name -> revisions.getOrDefault(name,
                    new RunningRevision(null, InterfaceFiles.of(name, Map.of()))), connectors, store, clock, settings.data(), metrics, events,
                    certificates, settings.version());
            StartupSteps.mark("interfaces started");
            counts = new CountsWatcher(events, store, runtime.interfaces()::destinations).start();
            StartupSteps.mark("counts watcher started");
            // Several engines on one PostgreSQL database: a deploy made through another engine's API is applied here too.
            if (settings.database().kind() == io.ductus.core.config.DatabaseSetting.Kind.POSTGRES) follower = io.ductus.engine.design.RevisionFollower.start(table.deployer());
            StartupSteps.mark("revision follower started");
            status.running();
            String summary = StartSummary.of(runtime.interfaces().states());
            signal = started(runtime.interfaces().configured(), summary);
            LOG.info("engine {} running: api {}, database {}, {}; plugins from {}", settings.version(),
                    api.url(), store.describe(), summary, settings.plugins());
        } catch (Exception e) {
            LOG.error("engine could not start: {}", e.getMessage());
            signal = failed(e.getMessage());
            if (follower != null) follower.close();
            if (counts != null) counts.close();
            if (runtime != null) runtime.stop();
            plugins.stop();
            if (listening != null && api == null) {
                try {
                    joined(listening);
                } catch (Exception notListening) {
                    // the start's own failure is the one to report
                }
            }
            if (api != null) api.stop(events::closeAll);
            throw e;
        }
    }

    /** Makes the API (answering 503 until the engine runs), secures it as ductus.yaml says and starts it listening. */
    private Api listen(EngineSettings settings, LoadedProject engineFiles, Clock clock, ConnectorRegistry connectors,
                       Store store, ListenerLimits listeners, Certificates certificates) {
        Api table = new Api(new EngineParts(status, () -> EngineRoutes.bundlesOf(context), connectors, plugins::current,
                () -> runtime, store, events, metrics), clock, settings.version(), Lockout.DEFAULT, SessionPolicy.DEFAULT,
                Api.KEEP_ALIVE, ApiLimits.defaults(Runtime.getRuntime().availableProcessors(), listeners.refusals()));
        ApiServer server = new ApiServer(settings.apiListen(), table.router(), listeners);
        EngineCertificates.secure(settings, engineFiles, certificates, server);
        StartupSteps.mark("API server made");
        try {
            server.start();
        } catch (ApiServer.ApiListenException e) {
            throw new CompletionException(e);
        }
        api = server;
        StartupSteps.mark("API listening");
        return table;
    }

    /** What the API's start made, or its failure as this thread's. */
    private static Api joined(CompletableFuture<Api> listening) throws Exception {
        try {
            return listening.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Exception cause) throw cause;
            throw e;
        }
    }

    @Deactivate
    public void stop() {
        status.stopping();
        LOG.info("engine stopping");
        if (signal != null) signal.unregister();
        if (follower != null) follower.close();
        if (counts != null) counts.close();
        if (runtime != null) runtime.stop();
        plugins.stop();
        if (api != null) api.stop(events::closeAll);
        LOG.info("engine stopped");
    }

    private ServiceRegistration<?> started(int interfaces, String summary) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(EngineSignal.STATE, "started");
        props.put(EngineSignal.API_URL, api.url());
        props.put(EngineSignal.INTERFACES, Integer.toString(interfaces));
        props.put(EngineSignal.SUMMARY, summary);
        return context.registerService(Object.class.getName(), new Object(), props);
    }

    private ServiceRegistration<?> failed(String reason) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(EngineSignal.STATE, "failed");
        props.put(EngineSignal.REASON, reason == null ? "unknown error" : reason);
        return context.registerService(Object.class.getName(), new Object(), props);
    }
}
