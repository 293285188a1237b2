package io.ductus.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Apache Felix framework the engine runs in: configured, filled with the bundles of bundles/, watching
 * plugins/ through FileInstall, and stopped within a bound.
 */
final class EmbeddedFramework implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedFramework.class);
    private static final String SIGNAL_FILTER = "(ductus.engine.state=*)";
    private static final long START_TIMEOUT_S = 60;
    private static final long STOP_TIMEOUT_MS = 25_000;
    /** The slf4j API the launcher has, exported to the bundles so everything logs one way. */
    private static final String SLF4J_VERSION = "1.7.36";

    private final Framework framework;
    private final CompletableFuture<ServiceReference<?>> signal = new CompletableFuture<>();
    private final List<String> startFailures = new ArrayList<>();

    private EmbeddedFramework(Framework framework) {
        this.framework = framework;
    }

    /** Starts the framework and every bundle of bundles/; the engine reports through {@link #awaitEngine}. */
    static EmbeddedFramework start(ServeCommand.ResolvedSettings settings) throws BundleException, IOException {
        return start(engineConfiguration(settings), settings.bundles());
    }

    /**
     * Starts the bundles and plugins without a database or API: the engine's interfaces stay off (no
     * store), while connector types and the project validator are there to ask.
     */
    static EmbeddedFramework startForValidation(Path bundles, Path plugins, Path cache) throws BundleException, IOException {
        Map<String, Object> config = commonConfiguration(cache, plugins);
        config.put("felix.log.level", "1");
        return start(config, bundles);
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // Felix takes objects (the log bridge) in its String map
    private static EmbeddedFramework start(Map<String, Object> config, Path bundles) throws BundleException, IOException {
        Framework framework = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path"))
                .newFramework((Map) config);
        framework.init();
        EmbeddedFramework embedded = new EmbeddedFramework(framework);
        embedded.listenForEngine();
        framework.start();
        StartupSteps.mark("OSGi framework started");
        embedded.installAndStart(bundles);
        return embedded;
    }

    static Map<String, Object> engineConfiguration(ServeCommand.ResolvedSettings s) {
        Map<String, Object> config = commonConfiguration(s.data().resolve(".osgi-cache"), s.plugins());
        config.put("ductus.version", s.version());
        config.put("ductus.project", s.project().toString());
        config.put("ductus.data", s.data().toString());
        config.put("ductus.database", s.database().kind() == io.ductus.core.config.DatabaseSetting.Kind.SQLITE
                ? "sqlite:" + s.database().location() : s.database().location());
        config.put("ductus.api.listen", s.apiListen().toString());
        config.put("ductus.plugins", s.plugins().toString());
        // ListenerLimits.BYTES_IN_FLIGHT: the listeners' and the API's one budget.
        if (s.bytesInFlight() != null) config.put("ductus.limits.bytes_in_flight", Long.toString(s.bytesInFlight()));
        return config;
    }

    private static Map<String, Object> commonConfiguration(Path cache, Path plugins) {
        Map<String, Object> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, cache.toString());
        // Bundles come fresh from bundles/ at every start; nothing is kept from the last run.
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        String graal = Distribution.graalVersion();
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, String.join(",",
                "org.slf4j;version=" + SLF4J_VERSION, "org.slf4j.spi;version=" + SLF4J_VERSION,
                "org.slf4j.helpers;version=" + SLF4J_VERSION, "org.slf4j.event;version=" + SLF4J_VERSION,
                // GraalJS lives on the JVM's module path (its JIT needs that); bundles import it from here.
                "org.graalvm.polyglot;version=" + graal, "org.graalvm.polyglot.io;version=" + graal,
                "org.graalvm.polyglot.proxy;version=" + graal, "org.graalvm.polyglot.management;version=" + graal,
                "org.graalvm.options;version=" + graal,
                // The JDK's per-thread allocation counter: the script host's memory guard reads it.
                "com.sun.management",
                // TCP keepalive's idle, interval and count: the listeners set them on every connection.
                "jdk.net",
                // Flight Recorder events: the steps of an acknowledgement (bench/run ack-steps records them).
                "jdk.jfr"));
        // A recording rewrites the bundles' event classes to call the JDK's event writer, a package the JDK
        // opens to them alone and no bundle imports: bundles load it from the JVM, as they do java.*.
        config.put(Constants.FRAMEWORK_BOOTDELEGATION, "jdk.jfr.internal.event");
        config.put("felix.log.logger", new FelixLogBridge());
        config.put("felix.log.level", "2");
        config.put("felix.fileinstall.dir", plugins.toString());
        config.put("felix.fileinstall.filter", ".*\\.jar");
        config.put("felix.fileinstall.poll", "1000");
        config.put("felix.fileinstall.noInitialDelay", "true");
        config.put("felix.fileinstall.log.default", "jul");
        config.put("felix.fileinstall.log.level", "2");
        return config;
    }

    BundleContext context() {
        return framework.getBundleContext();
    }

    /** Waits (up to the start timeout) for a service matching the filter. */
    ServiceReference<?> awaitService(String filter) throws InterruptedException, InvalidSyntaxException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_S);
        while (System.nanoTime() < deadline) {
            ServiceReference<?>[] refs = context().getServiceReferences((String) null, filter);
            if (refs != null && refs.length > 0) return refs[0];
            Thread.sleep(20);
        }
        throw new IllegalStateException("no service " + filter + " within " + START_TIMEOUT_S + " s"
                + (startFailures.isEmpty() ? "" : ": " + String.join("; ", startFailures)));
    }

    /** Waits (a few seconds at most) until FileInstall has installed every jar of the plugins folder. */
    void awaitPlugins(Path plugins) throws InterruptedException, IOException {
        if (!Files.isDirectory(plugins)) return;
        List<String> jars;
        try (Stream<Path> files = Files.list(plugins)) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).map(p -> p.toAbsolutePath().normalize().toUri().toString()).toList();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            List<String> installed = java.util.Arrays.stream(context().getBundles()).map(Bundle::getLocation).toList();
            if (installed.containsAll(jars)) break;
            Thread.sleep(50);
        }
        Thread.sleep(200); // let Declarative Services register what the new bundles offer
    }

    private void listenForEngine() {
        BundleContext context = framework.getBundleContext();
        ServiceListener listener = event -> {
            if (event.getType() == ServiceEvent.REGISTERED) signal.complete(event.getServiceReference());
        };
        try {
            context.addServiceListener(listener, SIGNAL_FILTER);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private void installAndStart(Path folder) throws BundleException, IOException {
        BundleContext context = framework.getBundleContext();
        List<Path> jars;
        try (Stream<Path> files = Files.list(folder)) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
        List<Bundle> installed = new ArrayList<>();
        // reference: makes Felix read each jar where it is instead of copying it into its cache at every start.
        for (Path jar : jars) installed.add(context.installBundle("reference:" + jar.toUri()));
        StartupSteps.mark(installed.size() + " bundles installed");
        for (Bundle bundle : installed) {
            if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) != null) continue;
            try {
                bundle.start();
            } catch (BundleException e) {
                startFailures.add(bundle.getSymbolicName() + ": " + e.getMessage());
                LOG.error("bundle {} did not start: {}", bundle.getSymbolicName(), e.getMessage());
            }
        }
        StartupSteps.mark("bundles started (resolved, their components activating)");
    }

    /** Waits for the engine's started signal; fails with the engine's own reason when it could not start. */
    Started awaitEngine() throws InterruptedException {
        ServiceReference<?> ref;
        try {
            ref = signal.get(START_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the engine did not start within " + START_TIMEOUT_S + " s"
                    + (startFailures.isEmpty() ? "" : ": " + String.join("; ", startFailures)));
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        if (!"started".equals(ref.getProperty("ductus.engine.state"))) {
            throw new IllegalStateException("the engine could not start: " + ref.getProperty("ductus.engine.reason"));
        }
        int interfaces = Integer.parseInt((String) ref.getProperty("ductus.interfaces"));
        Object summary = ref.getProperty("ductus.interfaces.summary");
        return new Started((String) ref.getProperty("ductus.api.url"), interfaces,
                summary == null ? interfaces + (interfaces == 1 ? " interface" : " interfaces") : summary.toString());
    }

    /** Stops every bundle (the engine closes its gates and finishes what is in flight), within a bound. */
    void stopGracefully() throws BundleException, InterruptedException {
        LOG.info("stopping");
        framework.stop();
        FrameworkEvent event = framework.waitForStop(STOP_TIMEOUT_MS);
        if (event.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
            throw new IllegalStateException("the engine did not stop within " + STOP_TIMEOUT_MS / 1000 + " s");
        }
        LOG.info("stopped");
    }

    @Override
    public void close() throws Exception {
        if ((framework.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0) {
            framework.stop();
            framework.waitForStop(STOP_TIMEOUT_MS);
        }
    }

    /**
     * What the engine reported when it started.
     *
     * @param summary the interfaces in words: how many, and those that do not run as they should, with why
     */
    record Started(String apiUrl, int interfaces, String summary) {
    }
}
