package io.ductus.engine.runtime;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectShapes;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.sdk.ConnectorFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the project's interfaces: each starts once every connector type it uses is available, and stops
 * gracefully when one of them goes away (a plugin removed), to start again when it returns. Also the
 * engine operations on them: pause and resume a destination, drain and reopen.
 */
public final class InterfaceManager implements ConnectorRegistry.Listener {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceManager.class);

    /** One interface as operators see it. */
    public record InterfaceState(String name, String state, String reason, List<DestinationState> destinations) {
    }

    /** One destination as operators see it. */
    public record DestinationState(String name, String type, String status, boolean paused) {
    }

    private final Map<String, InterfaceDefinition> definitions = new LinkedHashMap<>();
    private final Map<String, InterfaceRuntime> running = new LinkedHashMap<>();
    private final Map<String, String> notRunning = new LinkedHashMap<>();
    private final ConnectorRegistry registry;
    private final Function<ConnectorTypes, ProjectCheck> checker;
    private final InterfaceRuntime.Shared shared;
    private final Set<String> failed = new LinkedHashSet<>();
    private boolean draining;
    private boolean stopped;

    /**
     * @param interfaces the interfaces whose files are valid apart from connector settings
     * @param checker    checks the project again with the connector types available now, so that
     *                   connector settings are reported with file, line and field
     */
    public InterfaceManager(Collection<InterfaceDefinition> interfaces, ConnectorRegistry registry,
                            Function<ConnectorTypes, ProjectCheck> checker, InterfaceRuntime.Shared shared) {
        interfaces.forEach(d -> definitions.put(d.name(), d));
        this.registry = registry;
        this.checker = checker;
        this.shared = shared;
    }

    /** Starts every interface whose connectors are there (the store reconciled what a crash left when it opened). */
    public synchronized void start() {
        definitions.keySet().forEach(name -> notRunning.put(name, "starting"));
        registry.addListener(this);
        startWhatCan();
    }

    /**
     * Graceful stop within one bound for the whole engine: every source stops (no new input anywhere, in
     * flight answered), then every worker of every destination is told to end after the message in hand,
     * then all are awaited together.
     */
    public synchronized void stop() {
        stopped = true;
        registry.removeListener(this);
        try {
            for (InterfaceRuntime runtime : running.values()) runtime.closeSource();
            running.values().forEach(r -> r.destinations().values().forEach(DestinationRunner::requestStop));
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(InterfaceRuntime.STOP_WAIT_MS);
            for (InterfaceRuntime runtime : running.values()) {
                for (DestinationRunner runner : runtime.destinations().values()) runner.awaitStopped(deadline);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        running.keySet().forEach(name -> notRunning.put(name, "engine stopped"));
        running.clear();
    }

    @Override
    public synchronized void typeAdded(String typeName) {
        if (!stopped) startWhatCan();
    }

    @Override
    public synchronized void typeRemoved(String typeName) {
        List<String> using = running.entrySet().stream()
                .filter(e -> typesOf(e.getValue().definition()).contains(typeName)).map(Map.Entry::getKey).toList();
        for (String name : using) {
            LOG.info("interface {} stops: connector type '{}' is going away", name, typeName);
            stopRuntime(name, running.remove(name), "waiting for connector type '" + typeName + "'");
        }
    }

    private void startWhatCan() {
        ProjectCheck check = null;
        for (InterfaceDefinition definition : definitions.values()) {
            if (running.containsKey(definition.name()) || failed.contains(definition.name())) continue;
            Optional<String> missing = typesOf(definition).stream().filter(t -> registry.find(t).isEmpty()).findFirst();
            if (missing.isPresent()) {
                waiting(definition.name(), "waiting for connector type '" + missing.get() + "'");
                continue;
            }
            if (check == null) check = checker.apply(ConnectorTypes.of(registry.all().stream().filter(registry::inUse)
                    .map(ConnectorRegistry.Registration::type).toList()));
            List<Problem> problems = check.problemsIn(ProjectShapes.INTERFACES_FOLDER + "/" + definition.name() + "/"
                    + ProjectShapes.INTERFACE_FILE);
            if (!problems.isEmpty()) {
                String reason = problems.get(0) + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : "");
                if (!reason.equals(notRunning.put(definition.name(), reason))) {
                    problems.forEach(p -> LOG.error("interface {} cannot start: {}", definition.name(), p));
                }
                continue;
            }
            try {
                InterfaceRuntime runtime = InterfaceRuntime.start(definition, this::factory, shared,
                        reason -> stopLater(definition.name(), reason));
                if (draining) runtime.closeSource();
                running.put(definition.name(), runtime);
                notRunning.remove(definition.name());
                LOG.info("interface {} running ({} destination(s), {} lane(s))", definition.name(),
                        definition.destinations().size(), definition.ordering().lanes());
            } catch (InterfaceRuntime.StartException e) {
                if (!e.getMessage().equals(notRunning.get(definition.name()))) {
                    LOG.error("interface {} cannot start: {}", definition.name(), e.getMessage());
                }
                notRunning.put(definition.name(), e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Stops one interface because of what its own code did. Called from one of its workers, so it runs
     * on a thread of its own (stopping waits for those workers).
     */
    private void stopLater(String name, String reason) {
        Thread.ofVirtual().name("stop-" + name).start(() -> {
            synchronized (this) {
                InterfaceRuntime runtime = running.remove(name);
                if (runtime == null) return;
                LOG.error("interface {} stopped: {}", name, reason);
                stopRuntime(name, runtime, "stopped: " + reason);
                // Stays stopped: startWhatCan skips it until the engine restarts with fixed code.
                failed.add(name);
            }
        });
    }

    private void waiting(String name, String reason) {
        if (!reason.equals(notRunning.put(name, reason))) LOG.info("interface {} is {}", name, reason);
    }

    private Optional<ConnectorFactory> factory(String type) {
        return registry.find(type).map(ConnectorRegistry.Registration::factory);
    }

    private void stopRuntime(String name, InterfaceRuntime runtime, String reason) {
        try {
            runtime.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        notRunning.put(name, reason);
    }

    private static Set<String> typesOf(InterfaceDefinition definition) {
        Set<String> types = new LinkedHashSet<>();
        types.add(definition.source().type());
        definition.destinations().values().forEach(d -> types.add(d.type()));
        return types;
    }

    /** Pauses one destination: its workers stop taking messages; intake goes on queueing. */
    public synchronized boolean pause(String interfaceName, String destination) {
        return runner(interfaceName, destination).map(r -> {
            r.pause();
            return true;
        }).orElse(false);
    }

    public synchronized boolean resume(String interfaceName, String destination) {
        return runner(interfaceName, destination).map(r -> {
            r.resume();
            return true;
        }).orElse(false);
    }

    /** Drain: every source stops taking input (senders get the retryable answer); workers finish what is pending. */
    public synchronized void drain() throws InterruptedException {
        draining = true;
        for (InterfaceRuntime runtime : running.values()) runtime.closeSource();
        LOG.info("draining: no interface takes input; pending deliveries go on");
    }

    /** Ends a drain: sources take input again. */
    public synchronized void undrain() {
        draining = false;
        for (Map.Entry<String, InterfaceRuntime> e : running.entrySet()) {
            try {
                e.getValue().openSource();
            } catch (InterfaceRuntime.StartException ex) {
                LOG.error("interface {}: source cannot start again: {}", e.getKey(), ex.getMessage());
            }
        }
        LOG.info("drain ended: sources take input again");
    }

    public synchronized boolean draining() {
        return draining;
    }

    private Optional<DestinationRunner> runner(String interfaceName, String destination) {
        return Optional.ofNullable(running.get(interfaceName)).flatMap(r -> r.destination(destination));
    }

    public synchronized int configured() {
        return definitions.size();
    }

    /** Every interface with its state (running, draining, waiting, failed) and destinations. */
    public synchronized List<InterfaceState> states() {
        List<InterfaceState> states = new ArrayList<>();
        for (InterfaceDefinition d : definitions.values()) {
            InterfaceRuntime runtime = running.get(d.name());
            List<DestinationState> destinations = new ArrayList<>();
            for (DestinationDefinition dest : d.destinations().values()) {
                Optional<DestinationRunner> r = runtime == null ? Optional.empty() : runtime.destination(dest.name());
                destinations.add(new DestinationState(dest.name(), dest.type(), r.map(DestinationRunner::status).orElse("stopped"),
                        r.map(DestinationRunner::paused).orElse(false)));
            }
            String state = runtime == null ? "stopped" : runtime.accepting() ? "running" : "draining";
            states.add(new InterfaceState(d.name(), state, runtime == null ? notRunning.get(d.name()) : null, destinations));
        }
        return states;
    }
}
