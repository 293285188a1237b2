package io.ductus.engine.runtime;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.services.EngineServices;
import io.ductus.script.InterfaceScript;
import io.ductus.core.revision.InterfaceFiles;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running interface: destinations and their workers first, then the intake, then the source. Stops
 * in the opposite order: the source stops taking input and answers what is in flight, the intake closes,
 * the workers finish the message in hand and record it. The source submits through an {@link IntakeGate},
 * so that a live deploy ({@link InterfaceSwap}) can hand the same source, with its connections, to the
 * interface's next revision.
 */
final class InterfaceRuntime {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceRuntime.class);
    static final long STOP_WAIT_MS = 10_000;

    /**
     * Everything the runtimes of one engine share; the script host is made when the first interface has code.
     * Intake and workers count into {@code metrics} and tell {@code events} what happened.
     */
    record Shared(Store store, Clock clock, Path projectFolder, Path dataDirectory, ScheduledExecutorService timers,
                  ExecutorService storing, java.util.function.BiFunction<InterfaceDefinition, InterfaceFiles, Optional<InterfaceScript>> code,
                  EngineServices services,
                  EngineMetrics metrics, EventHub events, RunningLanes lanes, Ownership ownership) {

        /** One engine that delivers every interface. */
        Shared(Store store, Clock clock, Path projectFolder, Path dataDirectory, ScheduledExecutorService timers,
               ExecutorService storing, java.util.function.BiFunction<InterfaceDefinition, InterfaceFiles, Optional<InterfaceScript>> code,
               EngineServices services, EngineMetrics metrics, EventHub events, RunningLanes lanes) {
            this(store, clock, projectFolder, dataDirectory, timers, storing, code, services, metrics, events, lanes, Ownership.all());
        }
    }

    /** How often a source that could not start (a port in use) is tried again. */
    static final java.time.Duration SOURCE_RETRY = java.time.Duration.ofSeconds(5);


    private final InterfaceDefinition definition;
    private final RunningRevision code;
    private final Map<String, DestinationRunner> destinations;
    private final MessageIntake intake;
    /** Empty for {@code source: internal}: only routes fill the interface. */
    private final Optional<ConnectorFactory> sourceFactory;
    private final ConnectorConfig sourceConfig;
    private final Shared shared;
    private final IntConsumer committedInLane;
    private final Optional<InterfaceScript> script;
    private final RunawayGuard guard;
    private final Runnable changed;
    private Source source;
    private EngineConnectorContext sourceContext;
    /** Why the source does not take input although it should (it could not start and is tried again), else null. */
    private String notListening;
    private java.util.concurrent.ScheduledFuture<?> retry;
    private IntakeGate gate;
    /** Answers requests of a source in respond mode; made with each source (null while it is closed, or without code). */
    private ScriptResponder responder;
    private boolean open;

    private InterfaceRuntime(InterfaceDefinition definition, RunningRevision code, Map<String, DestinationRunner> destinations,
                             Optional<ConnectorFactory> sourceFactory, ConnectorConfig sourceConfig, Shared shared,
                             Optional<InterfaceScript> script, RunawayGuard guard, Runnable changed) {
        this.definition = definition;
        this.changed = changed;
        this.code = code;
        this.script = script;
        this.guard = guard;
        this.destinations = destinations;
        this.sourceFactory = sourceFactory;
        this.sourceConfig = sourceConfig;
        this.shared = shared;
        this.committedInLane = lane -> destinations.values().forEach(d -> d.committed(lane));
        this.intake = new MessageIntake(definition, shared.store(), shared.clock(), shared.storing(), committedInLane,
                shared.metrics().intake(definition.name()), shared.events());
    }

    /**
     * Creates and starts the interface with the connector factories found by type name, and the interfaces
     * its routes store into. Throws {@link StartException} with a reason an operator can act on; nothing is
     * left running then.
     *
     * @param code    the revision of the interface's files it runs (its code is the one the project check loaded from them)
     * @param paused  whether a destination is paused: then its workers start paused, so they never take a message
     * @param changed told when the interface's state changes on its own (its source could start at last)
     */
    static InterfaceRuntime start(InterfaceDefinition definition, RunningRevision code,
                                  Function<String, Optional<ConnectorFactory>> factories,
                                  Function<String, Optional<RouteHandover.Target>> routeTargets, Shared shared,
                                  Predicate<String> paused, Consumer<String> stopBecause, Runnable changed) throws StartException {
        InterfaceRuntime runtime = prepare(definition, code, factories, routeTargets, shared, paused, stopBecause, changed);
        runtime.startAll();
        return runtime;
    }

    /**
     * Creates the interface as {@link #start} does but starts nothing: its code is loaded, its connectors'
     * settings checked and the connectors made, so that a live deploy has it ready before the gate closes.
     */
    static InterfaceRuntime prepare(InterfaceDefinition definition, RunningRevision code,
                                    Function<String, Optional<ConnectorFactory>> factories,
                                    Function<String, Optional<RouteHandover.Target>> routeTargets, Shared shared,
                                    Predicate<String> paused, Consumer<String> stopBecause, Runnable changed) throws StartException {
        RunawayGuard guard = new RunawayGuard(stopBecause);
        Optional<ConnectorFactory> sourceFactory = definition.source().isInternal() ? Optional.empty()
                : Optional.of(factory(definition.source().type(), factories, Role.SOURCE, "source"));
        Optional<InterfaceScript> script = script(definition, code, shared);
        Optional<java.util.Set<String>> exported = script.map(InterfaceScript::exportedFunctions);
        ConnectorConfig sourceConfig = sourceFactory.isEmpty() ? null
                : config(sourceFactory.get(), Role.SOURCE, definition.source().settings(), "source", shared.services());
        Map<String, DestinationRunner> runners = new LinkedHashMap<>();
        for (DestinationDefinition d : definition.destinations().values()) {
            String where = "destinations." + d.name();
            EngineConnectorContext context = new EngineConnectorContext(definition.name(), d.name(), shared.clock(),
                    shared.dataDirectory(), shared.timers());
            DestinationRef ref = new DestinationRef(definition.name(), d.name());
            Optional<Destination> connector;
            Supplier<Handover> handovers;
            if (d.routeTarget().isPresent()) {
                RouteHandover.Target target = routeTargets.apply(d.routeTarget().get()).orElseThrow(() ->
                        new StartException(where + ": no interface '" + d.routeTarget().get() + "' to route to"));
                connector = Optional.empty();
                handovers = () -> new RouteHandover(ref, target, shared.store(), shared.clock());
            } else {
                ConnectorFactory factory = factory(d.type(), factories, Role.DESTINATION, where);
                ConnectorConfig config = config(factory, Role.DESTINATION, d.settings(), where, shared.services());
                try {
                    Destination destination = factory.createDestination(config, context);
                    connector = Optional.of(destination);
                    handovers = () -> new ConnectorHandover(destination, shared.store());
                } catch (RuntimeException | LinkageError e) {
                    throw new StartException(where + ": the " + d.type() + " connector failed to start: " + e, e);
                }
            }
            // One rule for every destination: the function its transform: names, else the code's transform, else unchanged.
            Optional<String> function = d.transform().toRun(exported);
            if (function.isPresent() && script.isEmpty()) {
                throw new StartException(where + ".transform: names the function '" + function.get() + "' but the interface has no code");
            }
            Optional<Transformer> transformer = function.map(f -> new Transformer(script.orElseThrow(), f, definition.format(),
                    d.outputFormat(), guard));
            runners.put(d.name(), new DestinationRunner(definition, d, connector, handovers, context, shared.store(),
                    shared.clock(), transformer, shared.metrics().destination(definition.name(), d.name()), shared.events(),
                    code.revision(), shared.ownership().gate(definition.name())));
            if (paused.test(d.name())) runners.get(d.name()).pause();
        }
        return new InterfaceRuntime(definition, code, runners, sourceFactory, sourceConfig, shared, script, guard, changed);
    }

    private void startAll() throws StartException {
        startDestinations();
        try {
            openSourceOrRetry();
        } catch (StartException e) {
            shared.lanes().stopped(definition.name(), committedInLane);
            for (DestinationRunner runner : destinations.values()) stopQuietly(runner);
            throw e;
        }
    }

    /** Starts the destinations' connectors and workers; the workers' lanes are woken by commits from then on. */
    void startDestinations() throws StartException {
        List<DestinationRunner> started = new ArrayList<>();
        try {
            for (DestinationRunner runner : destinations.values()) {
                runner.start();
                started.add(runner);
            }
            shared.lanes().started(definition.name(), committedInLane);
        } catch (Exception e) {
            for (DestinationRunner runner : started) stopQuietly(runner);
            throw e instanceof StartException se ? se : new StartException(e.getMessage(), e);
        }
    }

    /**
     * Opens the source; one that cannot start now (its connector says why: a port in use, say) leaves the
     * interface not listening, its destinations going on with what is stored, and is tried again every
     * {@link #SOURCE_RETRY} until it starts.
     */
    synchronized void openSourceOrRetry() throws StartException {
        try {
            openSource();
        } catch (SourceUnavailable e) {
            boolean news = !e.getMessage().equals(notListening);
            notListening = e.getMessage();
            if (news) LOG.error("interface {} is not listening: {}; trying again every {} s", definition.name(), notListening,
                    SOURCE_RETRY.toSeconds());
            if (retry == null) {
                retry = shared.timers().scheduleWithFixedDelay(this::retrySource, SOURCE_RETRY.toMillis(), SOURCE_RETRY.toMillis(),
                        TimeUnit.MILLISECONDS);
            }
            changed.run();
        }
    }

    private void retrySource() {
        boolean opened;
        synchronized (this) {
            if (retry == null || open) return;
            try {
                openSource();
            } catch (SourceUnavailable e) {
                if (!e.getMessage().equals(notListening)) {
                    notListening = e.getMessage();
                    LOG.error("interface {} is still not listening: {}", definition.name(), notListening);
                }
                return;
            } catch (StartException e) {
                LOG.error("interface {}: its source cannot start: {}", definition.name(), e.getMessage());
                return;
            }
            LOG.info("interface {} listens again: its source started", definition.name());
            cancelRetry();
            opened = true;
        }
        if (opened) changed.run();
    }

    private void cancelRetry() {
        if (retry != null) retry.cancel(false);
        retry = null;
        notListening = null;
    }

    /** Why the source does not take input although the interface runs (it is tried again), or empty. */
    synchronized Optional<String> notListening() {
        return Optional.ofNullable(notListening);
    }

    /**
     * Starts a new source on the intake (at start, and again after a drain). An internal interface has no
     * source: routes store into it directly, draining or not (what they route was received before).
     *
     * @throws SourceUnavailable when the connector could not start its source for now (it said why)
     */
    synchronized void openSource() throws StartException {
        if (open) return;
        intake.reopen();
        sourceContext = new EngineConnectorContext(definition.name(), "source", shared.clock(), shared.dataDirectory(), shared.timers());
        if (sourceFactory.isPresent()) {
            gate = IntakeGate.of(definition.name(), target());
            try {
                Source created = sourceFactory.get().createSource(sourceConfig, sourceContext);
                created.start(gate);
                source = created;
            } catch (ConnectorException e) {
                closeResponder();
                sourceContext.close();
                intake.refuse();
                gate = null;
                throw new SourceUnavailable(SourceFailures.words(e), e);
            } catch (Exception | LinkageError e) {
                closeResponder();
                sourceContext.close();
                gate = null;
                throw new StartException("source: the " + definition.source().type() + " connector could not start: " + e.getMessage(), e);
            }
        }
        open = true;
    }

    /**
     * What the source's gate hands submissions to: the intake; with code, the intake that also answers
     * requests (respond mode; a source that does not respond just submits). Makes the responder.
     */
    private Intake target() {
        responder = script.map(s -> new ScriptResponder(definition, s, guard, shared.clock())).orElse(null);
        return responder == null ? intake : new RespondingIntake(intake, responder);
    }

    /**
     * Whether this runtime can take over {@code old}'s source as it is: the same source, settings and all,
     * and code on both sides or on neither (a source in respond mode answers with it).
     */
    boolean canTakeSourceOf(InterfaceRuntime old) {
        return old.gate != null && old.open && definition.source().equals(old.definition.source())
                && script.isPresent() == old.script.isPresent();
    }

    /** A live deploy's first step: the source's submissions wait at the gate; the old intake then finishes what it stores. */
    void holdSource() throws InterruptedException {
        gate.hold();
        intake.close(STOP_WAIT_MS);
        closeResponder();
    }

    /**
     * Takes over {@code old}'s held source and opens its gate onto this runtime's intake: what arrives is
     * stored by this revision from now on (its workers take it once they start).
     */
    synchronized void takeSourceOf(InterfaceRuntime old) {
        synchronized (old) {
            source = old.source;
            sourceContext = old.sourceContext;
            gate = old.gate;
            old.source = null;
            old.sourceContext = null;
            old.gate = null;
            old.open = false;
        }
        intake.reopen();
        open = true;
        gate.release(target());
    }

    /** Its workers take no message above {@code messageId} from now on (a live deploy's cut). */
    void cutAt(long messageId) {
        destinations.values().forEach(d -> d.cutAt(messageId));
    }

    /** Asks every destination's workers for a quiet pass ({@link SlotWorker#quiet()}). */
    java.util.concurrent.CompletableFuture<Void> quiet() {
        return java.util.concurrent.CompletableFuture.allOf(destinations.values().stream().map(DestinationRunner::quiet)
                .toArray(java.util.concurrent.CompletableFuture[]::new));
    }

    /** Ends the workers (each after the message in hand) and releases the destinations' connectors. */
    void stopDestinations() throws InterruptedException {
        shared.lanes().stopped(definition.name(), committedInLane);
        destinations.values().forEach(DestinationRunner::requestStop);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_WAIT_MS);
        for (DestinationRunner runner : destinations.values()) runner.awaitStopped(deadline);
    }

    RunningRevision code() {
        return code;
    }

    /** Stops taking input: the source answers what is in flight, then the intake refuses the rest. */
    synchronized void closeSource() throws InterruptedException {
        cancelRetry();
        if (!open) return;
        if (source != null) {
            try {
                source.stop().toCompletableFuture().get(STOP_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                LOG.warn("interface {}: source did not stop cleanly: {}", definition.name(), e.toString());
            }
        }
        intake.close(STOP_WAIT_MS);
        closeResponder();
        if (sourceContext != null) sourceContext.close();
        source = null;
        gate = null;
        open = false;
    }

    private void closeResponder() {
        try {
            if (responder != null) responder.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        responder = null;
    }

    synchronized boolean accepting() {
        return open;
    }

    void stop() throws InterruptedException {
        closeSource();
        stopDestinations();
    }

    InterfaceDefinition definition() {
        return definition;
    }

    Optional<DestinationRunner> destination(String name) {
        return Optional.ofNullable(destinations.get(name));
    }

    Map<String, DestinationRunner> destinations() {
        return destinations;
    }

    /** What the source last reported; empty while it is closed (a drain). */
    synchronized Optional<EngineConnectorContext.Condition> sourceCondition() {
        return Optional.ofNullable(sourceContext).map(EngineConnectorContext::condition);
    }

    private static void stopQuietly(DestinationRunner runner) {
        try {
            runner.stop(STOP_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The interface's code as the project check loaded it from the revision's files (its imports among
     * them), when they have transform.js; never read from the disk again.
     */
    private static Optional<InterfaceScript> script(InterfaceDefinition definition, RunningRevision code, Shared shared)
            throws StartException {
        try {
            return shared.code().apply(definition, code.files());
        } catch (RuntimeException e) {
            throw new StartException("its code does not load: " + e.getMessage(), e);
        }
    }

    private static ConnectorFactory factory(String type, Function<String, Optional<ConnectorFactory>> factories, Role role,
                                            String where) throws StartException {
        ConnectorFactory factory = factories.apply(type).orElseThrow(() ->
                new StartException(where + ": connector type '" + type + "' is not available"));
        ConnectorType described = factory.type();
        if (!described.has(role)) {
            throw new StartException(where + ": connector type '" + type + "' cannot be a " + role.name().toLowerCase(java.util.Locale.ROOT));
        }
        return factory;
    }

    /** Settings checked as the project wrote them (with ${secret:NAME}); the connector gets the secrets' values. */
    private static ConnectorConfig config(ConnectorFactory factory, Role role, Map<String, Object> settings, String where,
                                          EngineServices services) throws StartException {
        ConfigSchema schema = factory.type().schema(role);
        List<ConfigProblem> problems = new ArrayList<>(schema.validate(settings));
        if (problems.isEmpty()) problems.addAll(factory.check(role, schema.parse(settings)));
        if (!problems.isEmpty()) {
            throw new StartException(where + ": " + String.join("; ", problems.stream().map(ConfigProblem::toString).toList()));
        }
        try {
            return schema.parse(services.withSecrets(settings));
        } catch (IllegalArgumentException e) {
            throw new StartException(where + "." + e.getMessage(), e);
        }
    }

    /** Why an interface could not start, in words an operator can act on. */
    static class StartException extends Exception {
        private static final long serialVersionUID = 1L;

        StartException(String message) {
            super(message);
        }

        StartException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The source's connector could not start it for now (it said why): tried again later. */
    static final class SourceUnavailable extends StartException {
        private static final long serialVersionUID = 1L;

        SourceUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
