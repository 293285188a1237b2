package io.ductus.engine.runtime;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.ProjectSettings;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.engine.alerts.Alerts;
import io.ductus.engine.alerts.channel.ChannelSender;
import io.ductus.engine.alerts.channel.EmailSender;
import io.ductus.engine.alerts.channel.NoticeText;
import io.ductus.engine.alerts.channel.WebhookSender;
import io.ductus.engine.health.HealthMonitor;
import io.ductus.engine.check.ProjectChecker;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.services.EngineServices;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.project.InterfaceFolders;
import io.ductus.script.ScriptHost;
import io.ductus.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/** The threads the interfaces share and the manager that runs them; one per engine. */
public final class EngineRuntime {

    private final InterfaceManager interfaces;
    private final ScheduledExecutorService timers;
    private final ExecutorService storing;
    private final ScriptHosting scripts;
    private final EngineServices services;
    private final HealthMonitor health;
    private final Alerts alerts;
    private final AtomicReference<ProjectSources> sources;
    private final Path projectFolder;

    private final ProjectChecker checker;
    private final io.ductus.engine.retention.RetentionService retention;
    private final NewCertificates newCertificates;
    private final Ownership ownership;

    private EngineRuntime(InterfaceManager interfaces, ScheduledExecutorService timers, ExecutorService storing,
                          ScriptHosting scripts, EngineServices services, HealthMonitor health, Alerts alerts,
                          AtomicReference<ProjectSources> sources, Path projectFolder, ProjectChecker checker,
                          io.ductus.engine.retention.RetentionService retention, Ownership ownership) {
        this.ownership = ownership;
        this.interfaces = interfaces;
        this.retention = retention;
        this.checker = checker;
        this.timers = timers;
        this.storing = storing;
        this.scripts = scripts;
        this.services = services;
        this.health = health;
        this.alerts = alerts;
        this.sources = sources;
        this.projectFolder = projectFolder;
        this.newCertificates = new NewCertificates(projectFolder, sources, services);
    }

    /** The script host, made when the first interface with code starts (GraalJS takes a moment to start). */
    public static final class ScriptHosting implements java.util.function.Supplier<ScriptHost>, AutoCloseable {
        private ScriptHost host;

        @Override
        public synchronized ScriptHost get() {
            if (host == null) {
                host = ScriptHost.start();
                io.ductus.engine.StartupSteps.mark("script host started (GraalJS)");
            }
            return host;
        }

        @Override
        public synchronized void close() {
            if (host != null) host.close();
        }
    }

    /**
     * Starts the interfaces of a project read with {@link io.ductus.project.ProjectLoader#read}, each with
     * its files as they are in the folder now and no revision on record; they count into {@code metrics}
     * and publish what happens to {@code events}.
     */
    public static EngineRuntime start(ProjectSources project, Path projectFolder, ConnectorRegistry registry, Store store,
                                      Clock clock, Path dataDirectory, EngineMetrics metrics, EventHub events) {
        InterfaceFolders folders = new InterfaceFolders(projectFolder);
        return start(project, projectFolder, name -> {
            try {
                return new RunningRevision(null, folders.read(name).orElseGet(() -> InterfaceFiles.of(name, java.util.Map.of())));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, registry, store, clock, dataDirectory, metrics, events);
    }

    /**
     * Starts the interfaces of a project read with {@link io.ductus.project.ProjectLoader#read}, each
     * running the revision {@code code} names (its files and number); they count into {@code metrics} and
     * publish what happens to {@code events}.
     */
    public static EngineRuntime start(ProjectSources project, Path projectFolder, Function<String, RunningRevision> code,
                                      ConnectorRegistry registry, Store store, Clock clock, Path dataDirectory,
                                      EngineMetrics metrics, EventHub events) {
        return start(project, projectFolder, code, registry, store, clock, dataDirectory, metrics, events,
                new io.ductus.connector.listener.tls.Certificates());
    }

    /**
     * The same, with resources.yaml's certificates as the engine installed them (what {@code fetch()} and the alerts'
     * channels name).
     */
    public static EngineRuntime start(ProjectSources project, Path projectFolder, Function<String, RunningRevision> code,
                                      ConnectorRegistry registry, Store store, Clock clock, Path dataDirectory,
                                      EngineMetrics metrics, EventHub events, io.ductus.connector.listener.tls.Certificates certificates) {
        return start(project, projectFolder, code, registry, store, clock, dataDirectory, metrics, events, certificates, "unknown");
    }

    /**
     * The same, as engine {@code version}: its run on the database claims the interfaces it delivers (all of them,
     * unless other engines share a PostgreSQL database) before this returns.
     */
    public static EngineRuntime start(ProjectSources project, Path projectFolder, Function<String, RunningRevision> code,
                                      ConnectorRegistry registry, Store store, Clock clock, Path dataDirectory,
                                      EngineMetrics metrics, EventHub events, io.ductus.connector.listener.tls.Certificates certificates,
                                      String version) {
        return start(project, ProjectValidator.check(project, ConnectorTypes.unknown()), projectFolder, code, registry, store, clock,
                dataDirectory, metrics, events, certificates, version);
    }

    /**
     * The same, with the project already checked without connector types ({@code structure}: what
     * {@link ProjectValidator#check(ProjectSources, ConnectorTypes)} with {@link ConnectorTypes#unknown()} made of
     * {@code project}), so a start reads and checks its files once.
     */
    public static EngineRuntime start(ProjectSources project, ProjectCheck structure, Path projectFolder,
                                      Function<String, RunningRevision> code, ConnectorRegistry registry, Store store, Clock clock,
                                      Path dataDirectory, EngineMetrics metrics, EventHub events,
                                      io.ductus.connector.listener.tls.Certificates certificates, String version) {
        AtomicReference<ProjectSources> sources = new AtomicReference<>(project);
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ductus-connector-timers");
            t.setDaemon(true);
            return t;
        });
        ExecutorService storing = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("intake-", 0).factory());
        ScriptHosting scripts = new ScriptHosting();
        Ownership ownership = Ownership.waiting();
        EngineServices services = EngineServices.of(structure.project(), projectFolder, dataDirectory, certificates);
        ProjectChecker checker = new ProjectChecker(projectFolder, registry::types, scripts, services::forInterface);
        InterfaceManager manager = new InterfaceManager(structure, code, registry,
                (types, files) -> checker.check(sources.get(), types, files),
                new InterfaceRuntime.Shared(store, clock, projectFolder, dataDirectory, timers, storing, checker::script, services,
                        metrics, events, new RunningLanes(), ownership));
        io.ductus.engine.StartupSteps.mark("interface manager made");
        manager.start();
        io.ductus.engine.StartupSteps.mark("interfaces started (workers, sources)");
        ownership.joined(join(store, version, manager));
        io.ductus.engine.StartupSteps.mark("engine run joined (first claim round)");
        ProjectSettings settings = structure.project().settings();
        ZoneId zone = settings.timeZone().orElse(ZoneId.systemDefault());
        HealthMonitor health = new HealthMonitor(manager, store, metrics.activity(), clock, zone, ownership::run).load();
        io.ductus.engine.StartupSteps.mark("health loaded");
        Alerts alerts = new Alerts(health, store, settings.alerts(), zone, clock, events,
                senders(settings.alerts(), new NoticeText(origin(), zone), services, clock), List.of()).start();
        // Windows are read from the project's files as they are now (a deploy changes them), checked as at start.
        io.ductus.engine.retention.RetentionService retention = new io.ductus.engine.retention.RetentionService(store, clock,
                () -> ProjectValidator.check(sources.get(), ConnectorTypes.unknown()).project()).start();
        io.ductus.engine.StartupSteps.mark("alerts and retention started");
        // What the first round claimed and has deliveries pending starts now, not at the workers' next poll (one read
        // says which: not one per worker); last, so the start's own few statements do not wait behind those workers' reads,
        // and on a thread of its own: the read (a count over the queues, some hundred ms on partitioned PostgreSQL) is no
        // part of being ready, which the claim already is. Until it answers, the workers wake as always (a commit, a notice).
        Set<String> claimedAtStart = manager.queued();
        Thread.ofVirtual().name("ductus-first-wake").start(() -> manager.claimedAtStart(claimedAtStart));
        return new EngineRuntime(manager, timers, storing, scripts, services, health, alerts, sources, projectFolder, checker, retention,
                ownership);
    }

    /** This engine's run on the database: claims, hands over and loses interfaces through the manager. */
    private static io.ductus.store.engine.EngineRun join(Store store, String version, InterfaceManager manager) {
        io.ductus.store.engine.EngineRun.Listener listener = new io.ductus.store.engine.EngineRun.Listener() {
            @Override
            public void claimed(java.util.Set<String> names) {
                // off the round's thread: the counts' read must not hold up the next round
                Thread.ofVirtual().name("ductus-claim-wake").start(() -> manager.claimedInRound(names));
            }

            @Override
            public void releasing(java.util.Set<String> names) {
                manager.handOver(names, InterfaceRuntime.STOP_WAIT_MS);
            }

            @Override
            public void pending(java.util.Set<String> names) {
                manager.claimed(names); // the same wake: their workers read their queues now
            }
        };
        try {
            return store.engines().join(version, manager.queued(), listener);
        } catch (UnsupportedOperationException noEngines) {
            return io.ductus.store.engine.EngineRun.solo(java.util.UUID.randomUUID().toString());
        }
    }

    /** This engine's run on the database (its id, what it delivers). */
    public io.ductus.store.engine.EngineRun run() {
        return ownership.run();
    }

    /** How each kind of channel is sent: webhooks always, mail when alerts.smtp names a server. */
    private static Map<Channel.Type, ChannelSender> senders(AlertSettings alerts, NoticeText text, EngineServices services, Clock clock) {
        UnaryOperator<String> secrets = value -> value == null ? null
                : String.valueOf(services.withSecrets(Map.<String, Object>of("value", value)).get("value"));
        Map<Channel.Type, ChannelSender> senders = new EnumMap<>(Channel.Type.class);
        senders.put(Channel.Type.WEBHOOK, new WebhookSender(text, secrets, services.certificates()));
        alerts.smtp().ifPresent(smtp -> senders.put(Channel.Type.EMAIL, new EmailSender(smtp, text, secrets, clock, services.certificates())));
        return senders;
    }

    /** Which engine speaks in a notification: this host's name. */
    private static String origin() {
        try {
            return "ductus on " + java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "ductus";
        }
    }

    public InterfaceManager interfaces() {
        return interfaces;
    }

    /** Health of every interface and destination, judged on demand (the API, /metrics) and by the alerts. */
    public HealthMonitor health() {
        return health;
    }

    public Alerts alerts() {
        return alerts;
    }

    /** Retention's runs, the windows on record and what is kept. */
    public io.ductus.engine.retention.RetentionService retention() {
        return retention;
    }

    /** The project check the interfaces were started by (the one {@code ductus validate} makes); deploys check with it too. */
    public ProjectChecker checker() {
        return checker;
    }

    /** The project's files as the running interfaces know them (a deploy changes one interface's). */
    public ProjectSources sources() {
        return sources.get();
    }

    /**
     * Loads the certificate entries added to resources.yaml since the start (before a deploy is checked), so an interface
     * may name them without a restart; other changes of resources.yaml still take one.
     */
    public void pickUpNewCertificates() {
        newCertificates.pickUp();
    }

    /** Records the project's files after a deploy changed them, so later checks (a plugin that returns) see them. */
    public void sources(ProjectSources changed) {
        sources.set(changed);
    }

    public Path projectFolder() {
        return projectFolder;
    }

    /** The engine's one script host (started on first use). */
    public ScriptHost scriptHost() {
        return scripts.get();
    }

    /** The services interface code reaches (databases, fetch, variables, secrets) with this timeout per call. */
    public io.ductus.script.ScriptServices services(java.time.Duration timeout) {
        return services.forInterface(timeout);
    }

    /** Stops retention's runs and the alerts, then the interfaces gracefully, then the shared threads. */
    public void stop() {
        retention.close();
        alerts.close();
        ownership.run().close(); // hands its interfaces back first (the workers end their batch), so others take them at once
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
