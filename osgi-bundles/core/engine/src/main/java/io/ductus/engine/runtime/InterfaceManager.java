package io.ductus.engine.runtime;

import io.ductus.core.project.BuiltInTypes;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.store.DestinationRef;
import io.ductus.store.account.AuditEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the project's interfaces: each starts once every connector type it uses is available, and stops
 * gracefully when one of them goes away (a plugin removed), to start again when it returns. Also the
 * engine operations on them: pause and resume a destination, drain and reopen. Every change of an
 * interface's state is published as an event.
 */
public final class InterfaceManager implements ConnectorRegistry.Listener {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceManager.class);

    /** Its files have problems: it is not loaded. */
    public static final String NOT_LOADED = "not loaded";
    /** It runs, but its source could not start (a port in use) and is tried again. */
    public static final String NOT_LISTENING = "not listening";

    /**
     * One interface as operators see it.
     *
     * @param state    running; draining (its source closed for a drain); not listening (its source could not
     *                 start and is tried again; the destinations go on); stopped; not loaded (its files have problems)
     * @param reason   why it is not running, else null
     * @param problems for an interface that is not loaded, every problem of its files, as {@code ductus validate} prints them
     * @param revision the revision of its files the engine runs (or would run), null when not on record
     */
    public record InterfaceState(String name, String state, String reason, ConnectorState source,
                                 List<DestinationState> destinations, List<String> problems, Integer revision) {

        public InterfaceState {
            problems = List.copyOf(problems);
        }

        /** Whether its destinations work (its source may still be closed: draining, not listening). */
        public boolean runs() {
            return !state.equals("stopped") && !state.equals(NOT_LOADED);
        }
    }

    /** One destination as operators see it; paused holds while the interface is stopped too. */
    public record DestinationState(String name, boolean paused, ConnectorState connector) {
    }

    /** What an operation did. */
    public enum Change {
        /** It changed something. */
        DONE,
        /** It was so already: nothing changed. */
        ALREADY,
        /** The project has no such interface or destination. */
        UNKNOWN
    }

    /**
     * A connector: its type and what it last reported.
     *
     * @param status null while it does not run (the interface stopped, or a source closed for a drain)
     * @param detail what it said with its status, or null
     */
    public record ConnectorState(String type, ConnectorStatus status, String detail) {
    }

    /** How many interfaces started at once are named one by one in the log (the rest in one line). */
    static final int LISTED_STARTS = 10;

    private final Map<String, InterfaceDefinition> definitions = new LinkedHashMap<>();
    /** Interfaces whose files have problems, with every problem, as the last check found them. */
    private final Map<String, List<Problem>> notLoaded = new java.util.TreeMap<>();
    /** The revision each interface runs (or would run): its files and their number. */
    private final Map<String, RunningRevision> codes = new LinkedHashMap<>();
    /** Each interface's intake rules, for routes into it: kept beside definitions, readable without the lock. */
    private final Map<String, IntakeRows> rows = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, InterfaceRuntime> running = new LinkedHashMap<>();
    private final Map<String, String> notRunning = new LinkedHashMap<>();
    private final ConnectorRegistry registry;
    private final BiFunction<ConnectorTypes, Function<String, Optional<InterfaceFiles>>, ProjectCheck> checker;
    private final InterfaceRuntime.Shared shared;
    private final Set<String> failed = new LinkedHashSet<>();
    /** Paused by an operator: kept in the store, so across an engine restart too, until resumed. */
    private final Set<DestinationRef> paused = new LinkedHashSet<>();
    private final Map<String, String> announced = new LinkedHashMap<>();
    private Instant drainingSince;
    private boolean stopped;

    /**
     * @param structure the project checked without connector types: its interfaces are those whose files
     *                  are valid apart from connector settings and code; the others are not loaded
     * @param code      the revision each interface runs
     * @param checker   checks the project again with the connector types available now (the project check
     *                  {@code ductus validate} makes), so connector settings and code are reported with file,
     *                  line and field, each interface's code from the files it runs
     */
    public InterfaceManager(ProjectCheck structure, Function<String, RunningRevision> code, ConnectorRegistry registry,
                            BiFunction<ConnectorTypes, Function<String, Optional<InterfaceFiles>>, ProjectCheck> checker,
                            InterfaceRuntime.Shared shared) {
        structure.project().interfaces().values().forEach(d -> {
            definitions.put(d.name(), d);
            codes.put(d.name(), code.apply(d.name()));
            rows.put(d.name(), new IntakeRows(d));
        });
        notLoaded.putAll(structure.refused());
        this.registry = registry;
        this.checker = checker;
        this.shared = shared;
    }

    /** Starts every interface whose connectors are there (the store reconciled what a crash left when it opened). */
    public synchronized void start() {
        definitions.keySet().forEach(name -> notRunning.put(name, "starting"));
        paused.addAll(shared.store().pausedDestinations());
        registry.addListener(this);
        startWhatCan();
        announce();
    }

    /** The interfaces with a queue (a destination): those this engine claims on a database shared with other engines. */
    public synchronized Set<String> queued() {
        Set<String> queued = new java.util.TreeSet<>();
        definitions.values().forEach(d -> {
            if (!d.destinations().isEmpty()) queued.add(d.name());
        });
        return queued;
    }

    /** This engine claimed these interfaces: their workers read their queues now rather than at their next poll. */
    public void claimed(Set<String> names) {
        List<InterfaceRuntime> runtimes;
        synchronized (this) {
            runtimes = names.stream().map(running::get).filter(java.util.Objects::nonNull).toList();
        }
        runtimes.forEach(r -> r.destinations().values().forEach(DestinationRunner::wakeAll));
    }

    /**
     * This engine claimed these interfaces in a claim round (a share taken from engines running, or a dead engine's
     * taken over): one read of the queues' counts says which have deliveries pending, and only their workers read
     * their queues now; the others read at a commit, a queue notice or their safety-net poll, as at the start. Waking
     * every worker of 333 claimed interfaces at once queued some 700 queue reads on the connection pool: a strict
     * intake waiting behind them for a connection gave up after the pool's 10 s and its sender was answered AE
     * (the engines bench under load). Counted after the claim committed, so a delivery committed later wakes its
     * owner by its commit or notice.
     */
    public void claimedInRound(Set<String> names) {
        claimedAtStart(names);
    }

    /**
     * This engine's run joined and claimed these interfaces as it started: one read of the queues' counts says which
     * have deliveries pending, and only their workers read their queues now. The others (all of them, on a first
     * start) read nothing until a commit, a queue notice, a claim or their safety-net poll wakes them: a thousand
     * interfaces' start is one read here, not one per worker. Should the read fail, every worker looks.
     */
    public void claimedAtStart(Set<String> names) {
        Set<String> pending = new java.util.TreeSet<>();
        try {
            for (io.ductus.store.DestinationCounts c : shared.store().destinationCounts()) {
                if (c.pending() > 0 && names.contains(c.destination().interfaceName())) pending.add(c.destination().interfaceName());
            }
        } catch (io.ductus.store.StoreException e) {
            LOG.warn("could not read which queues have deliveries pending ({}); every worker reads its own", e.getMessage());
            pending.addAll(names);
        }
        claimed(pending);
    }

    /**
     * This engine hands these interfaces over (its run no longer owns them): returns once each of their workers
     * ended the batch in hand and recorded it, or after {@code waitMillis}.
     */
    public void handOver(Set<String> names, long waitMillis) {
        List<java.util.concurrent.CompletableFuture<Void>> quiet = new ArrayList<>();
        synchronized (this) {
            for (String name : names) {
                InterfaceRuntime r = running.get(name);
                if (r != null) r.destinations().values().forEach(d -> quiet.add(d.quiet()));
            }
        }
        try {
            java.util.concurrent.CompletableFuture.allOf(quiet.toArray(java.util.concurrent.CompletableFuture[]::new))
                    .get(waitMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            LOG.warn("handing over {}: a worker is still sending after {} ms", names, waitMillis);
        } catch (java.util.concurrent.ExecutionException e) {
            LOG.warn("handing over {}: {}", names, e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        announce();
    }

    @Override
    public synchronized void typeAdded(String typeName) {
        if (!stopped) startWhatCan();
        announce();
    }

    @Override
    public synchronized void typeRemoved(String typeName) {
        List<String> using = running.entrySet().stream()
                .filter(e -> typesOf(e.getValue().definition()).contains(typeName)).map(Map.Entry::getKey).toList();
        for (String name : using) {
            LOG.info("interface {} stops: connector type '{}' is going away", name, typeName);
            stopRuntime(name, running.remove(name), "waiting for connector type '" + typeName + "'");
        }
        announce();
    }

    private void startWhatCan() {
        ProjectCheck check = null;
        int startedNow = 0;
        for (InterfaceDefinition definition : definitions.values()) {
            if (running.containsKey(definition.name()) || failed.contains(definition.name())) continue;
            Optional<String> missing = typesOf(definition).stream().filter(t -> factory(t).isEmpty()).findFirst();
            if (missing.isPresent()) {
                waiting(definition.name(), "waiting for connector type '" + missing.get() + "'");
                continue;
            }
            if (check == null) {
                check = checker.apply(registry.types(), this::files);
                io.ductus.engine.StartupSteps.mark("project checked (connector settings, code)");
            }
            List<Problem> problems = check.problemsOf(definition.name());
            if (!problems.isEmpty()) {
                if (!problems.equals(notLoaded.put(definition.name(), problems))) {
                    problems.forEach(p -> LOG.error("interface {} is not loaded: {}", definition.name(), p));
                }
                notRunning.put(definition.name(), notLoadedReason(problems));
                continue;
            }
            notLoaded.remove(definition.name());
            try {
                InterfaceRuntime runtime = InterfaceRuntime.start(definition, codes.get(definition.name()), this::factory,
                        this::routeTarget, shared, d -> paused.contains(new DestinationRef(definition.name(), d)),
                        reason -> stopLater(definition.name(), reason), this::announceLater);
                if (drainingSince != null) runtime.closeSource();
                running.put(definition.name(), runtime);
                notRunning.remove(definition.name());
                // The start's log stays short with many interfaces: the first few by name, the rest counted below.
                if (++startedNow <= LISTED_STARTS || LOG.isDebugEnabled()) {
                    LOG.info("interface {} running ({} destination(s), {} lane(s))", definition.name(),
                            definition.destinations().size(), definition.ordering().lanes());
                }
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
        if (startedNow > LISTED_STARTS && !LOG.isDebugEnabled()) {
            LOG.info("and {} more interface(s) running, {} in all (DUCTUS_LOG_LEVEL=debug lists each)", startedNow - LISTED_STARTS,
                    running.size());
        }
        // Folders whose files did not even pass without connector types: every problem they have, those too.
        List<String> unreadable = notLoaded.keySet().stream().filter(name -> !definitions.containsKey(name)).toList();
        if (unreadable.isEmpty()) return;
        if (check == null) check = checker.apply(registry.types(), this::files);
        for (String name : unreadable) {
            if (!check.problemsOf(name).isEmpty()) notLoaded.put(name, check.problemsOf(name));
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
                announce();
            }
        });
    }

    private static String notLoadedReason(List<Problem> problems) {
        return problems.size() + " problem(s) in its files: " + problems.get(0)
                + (problems.size() > 1 ? " (ductus validate lists every one)" : "");
    }

    /** An interface changed on its own (its source started at last): tell the followers, on a thread of its own. */
    private void announceLater() {
        Thread.ofVirtual().name("announce").start(() -> {
            synchronized (this) {
                if (!stopped) announce();
            }
        });
    }

    private void waiting(String name, String reason) {
        if (!reason.equals(notRunning.put(name, reason))) LOG.info("interface {} is {}", name, reason);
    }

    /** The engine's own types first (their names are reserved), then the plugins'. */
    private Optional<ConnectorFactory> factory(String type) {
        if (type.equals(BuiltInTypes.DATABASE.name())) return Optional.of(shared.services().databaseType());
        return registry.find(type).map(ConnectorRegistry.Registration::factory);
    }

    /**
     * The interface a route stores into: its intake rules (those of its revision at the time of each
     * message, so a deploy of the target changes them for routes too), counters and lanes, whether it runs or not.
     */
    private Optional<RouteHandover.Target> routeTarget(String name) {
        if (!definitions.containsKey(name)) return Optional.empty();
        return Optional.of(new RouteHandover.Target(name, () -> intakeRows(name), shared.metrics().intake(name), shared.lanes(),
                shared.events()));
    }

    /** The target's rules now; read without the manager's lock (a route's worker flushes while the manager waits for it). */
    private IntakeRows intakeRows(String name) {
        IntakeRows r = rows.get(name);
        if (r == null) throw new IllegalStateException("interface " + name + " was removed");
        return r;
    }

    private void stopRuntime(String name, InterfaceRuntime runtime, String reason) {
        try {
            runtime.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        notRunning.put(name, reason);
    }

    /** The plugin connector types an interface needs; the engine's own (routes) are always there. */
    private static Set<String> typesOf(InterfaceDefinition definition) {
        Set<String> types = new LinkedHashSet<>();
        if (!definition.source().isInternal()) types.add(definition.source().type());
        definition.destinations().values().stream().filter(d -> d.routeTarget().isEmpty()).forEach(d -> types.add(d.type()));
        return types;
    }

    /**
     * What a deploy of one interface did: started it (it did not run), or swapped it live.
     *
     * @param reason           why it does not run now (waiting for a connector type, a problem of its settings), else null
     * @param gateClosedMillis how long its input waited at the closed gate; null when it did not run before (no live swap)
     * @param handoverMillis   from the gate's closing until the new revision's workers ran; null without a live swap
     */
    public record Deployed(boolean running, String reason, Long gateClosedMillis, Long handoverMillis, Boolean drained,
                           Boolean sourceKept) {
    }

    /**
     * Puts a new revision of one interface (or a new interface) in place: a live swap ({@link InterfaceSwap})
     * when it runs, a start when it does not. An interface stopped by its own code starts again with the
     * new code. Throws {@link IllegalStateException} with the reason, and changes nothing, when the new
     * revision cannot be made ready (a connector refuses its settings); when it was made ready but could not
     * start, the revision before it runs again and the exception says so.
     */
    public synchronized Deployed deploy(InterfaceDefinition definition, RunningRevision code) throws InterruptedException {
        String name = definition.name();
        if (stopped) throw new IllegalStateException("the engine is stopping");
        InterfaceRuntime old = running.get(name);
        InterfaceDefinition oldDefinition = definitions.get(name);
        RunningRevision oldCode = codes.get(name);
        if (old == null) {
            put(definition, code);
            failed.remove(name);
            notRunning.put(name, "starting");
            startWhatCan();
            announce();
            return new Deployed(running.containsKey(name), notRunning.get(name), null, null, null, null);
        }
        Optional<String> missing = typesOf(definition).stream().filter(t -> factory(t).isEmpty()).findFirst();
        if (missing.isPresent()) throw new IllegalStateException("connector type '" + missing.get() + "' is not available");
        InterfaceRuntime next;
        try {
            next = InterfaceRuntime.prepare(definition, code, this::factory, this::routeTarget, shared,
                    d -> paused.contains(new DestinationRef(name, d)), reason -> stopLater(name, reason), this::announceLater);
        } catch (InterfaceRuntime.StartException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        put(definition, code);
        try {
            InterfaceSwap.Result swap = InterfaceSwap.swap(old, next, drainingSince == null, InterfaceSwap.QUIET_WAIT_MS,
                    shared.store()::lastMessageId, () -> InterfaceRuntime.prepare(oldDefinition, oldCode, this::factory, this::routeTarget, shared,
                            d -> paused.contains(new DestinationRef(name, d)), reason -> stopLater(name, reason), this::announceLater));
            running.put(name, next);
            notRunning.remove(name);
            announce();
            return new Deployed(true, null, swap.gateClosedMillis(), swap.handoverMillis(), swap.drained(), swap.sourceKept());
        } catch (InterfaceSwap.Failed e) {
            put(oldDefinition, oldCode);
            if (e.restored == null) {
                running.remove(name);
                notRunning.put(name, "stopped: its deploy failed and the revision before it could not start again: " + e.getMessage());
            } else {
                running.put(name, e.restored);
            }
            announce();
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Stops an interface gracefully and forgets it (its folder is gone); true when it was configured. */
    public synchronized boolean remove(String name) {
        InterfaceRuntime runtime = running.remove(name);
        if (runtime != null) stopRuntime(name, runtime, "removed");
        boolean known = definitions.remove(name) != null | notLoaded.remove(name) != null;
        codes.remove(name);
        rows.remove(name);
        notRunning.remove(name);
        failed.remove(name);
        if (announced.remove(name) != null) shared.events().interfaceChanged(name, "removed", null);
        return known;
    }

    /** The files an interface runs (or would run): what the project check loads its code from. */
    private Optional<InterfaceFiles> files(String name) {
        return Optional.ofNullable(codes.get(name)).map(RunningRevision::files);
    }

    /** The revision an interface runs (or would run), with its files. */
    public synchronized Optional<RunningRevision> code(String name) {
        return Optional.ofNullable(codes.get(name));
    }

    private void put(InterfaceDefinition definition, RunningRevision code) {
        notLoaded.remove(definition.name()); // checked again as it starts
        definitions.put(definition.name(), definition);
        codes.put(definition.name(), code);
        rows.put(definition.name(), new IntakeRows(definition));
    }

    /** {@link #pause(String, String, AuditEntry)} without an audit row. */
    public Change pause(String interfaceName, String destination) {
        return pause(interfaceName, destination, null);
    }

    /**
     * Pauses one destination: its workers stop taking messages (a send under way finishes); intake goes on
     * storing them. Saved first (with its audit row, in one transaction), so it holds across restarts;
     * a store that cannot save it throws and nothing is paused.
     */
    public synchronized Change pause(String interfaceName, String destination, AuditEntry audit) {
        if (!configured(interfaceName, destination)) return Change.UNKNOWN;
        DestinationRef ref = new DestinationRef(interfaceName, destination);
        boolean saved = shared.store().setPaused(ref, true, shared.clock().millis(), audit);
        if (!paused.add(ref) && !saved) return Change.ALREADY;
        runner(interfaceName, destination).ifPresent(DestinationRunner::pause);
        shared.events().destinationChanged(interfaceName, destination, true);
        return Change.DONE;
    }

    /** {@link #resume(String, String, AuditEntry)} without an audit row. */
    public Change resume(String interfaceName, String destination) {
        return resume(interfaceName, destination, null);
    }

    /** Lets a paused destination's workers go on with what waits for them; saved like a pause. */
    public synchronized Change resume(String interfaceName, String destination, AuditEntry audit) {
        if (!configured(interfaceName, destination)) return Change.UNKNOWN;
        DestinationRef ref = new DestinationRef(interfaceName, destination);
        boolean saved = shared.store().setPaused(ref, false, shared.clock().millis(), audit);
        if (!paused.remove(ref) && !saved) return Change.ALREADY;
        runner(interfaceName, destination).ifPresent(DestinationRunner::resume);
        shared.events().destinationChanged(interfaceName, destination, false);
        return Change.DONE;
    }

    /**
     * Retry now: the destination's deliveries that wait for their back-off are due at once (saved with the
     * audit row in one transaction), and its workers are woken to take them, each lane in order.
     *
     * @return how many waited, or empty when the project has no such destination
     */
    public java.util.OptionalInt retryNow(String interfaceName, String destination, AuditEntry audit) {
        synchronized (this) {
            if (!configured(interfaceName, destination)) return java.util.OptionalInt.empty();
        }
        int waiting = shared.store().retryNow(new DestinationRef(interfaceName, destination), shared.clock().millis(), audit);
        synchronized (this) {
            runner(interfaceName, destination).ifPresent(DestinationRunner::wakeAll);
        }
        if (waiting > 0) LOG.info("{}/{}: {} delivery(ies) waiting for their back-off are tried now", interfaceName, destination, waiting);
        return java.util.OptionalInt.of(waiting);
    }

    private boolean configured(String interfaceName, String destination) {
        InterfaceDefinition d = definitions.get(interfaceName);
        return d != null && d.destinations().containsKey(destination);
    }

    /**
     * Drain: every source stops taking input (senders get the retryable answer); workers finish what is
     * pending. Draining again changes nothing.
     */
    public synchronized Change drain() throws InterruptedException {
        if (drainingSince != null) return Change.ALREADY;
        drainingSince = shared.clock().instant();
        for (InterfaceRuntime runtime : running.values()) runtime.closeSource();
        LOG.info("draining: no interface takes input; pending deliveries go on");
        shared.events().drainChanged(true);
        announce();
        return Change.DONE;
    }

    /** Ends a drain: sources take input again. Ending no drain changes nothing. */
    public synchronized Change undrain() {
        if (drainingSince == null) return Change.ALREADY;
        drainingSince = null;
        for (Map.Entry<String, InterfaceRuntime> e : running.entrySet()) {
            try {
                e.getValue().openSourceOrRetry();
            } catch (InterfaceRuntime.StartException ex) {
                LOG.error("interface {}: source cannot start again: {}", e.getKey(), ex.getMessage());
            }
        }
        LOG.info("drain ended: sources take input again");
        shared.events().drainChanged(false);
        announce();
        return Change.DONE;
    }

    public synchronized boolean draining() {
        return drainingSince != null;
    }

    /** When the drain started, or empty when the engine does not drain. */
    public synchronized Optional<Instant> drainingSince() {
        return Optional.ofNullable(drainingSince);
    }

    /** The interface as the project defines it (an edited copy's keys are read by its rules). */
    public synchronized Optional<InterfaceDefinition> definition(String name) {
        return Optional.ofNullable(definitions.get(name));
    }

    /**
     * Deliveries of this interface became pending again outside intake (an operator's resend or edited copy):
     * wakes the workers of the lane, as a commit by intake or a route does, so they go now rather than at
     * their next idle check. Nothing to wake when the interface does not run: its workers read what waits
     * when it starts.
     */
    public void pendingAgain(String interfaceName, int lane) {
        shared.lanes().committed(interfaceName, lane);
    }

    private Optional<DestinationRunner> runner(String interfaceName, String destination) {
        return Optional.ofNullable(running.get(interfaceName)).flatMap(r -> r.destination(destination));
    }

    /** Every interface folder of the project, loaded or not. */
    public synchronized int configured() {
        return names().size();
    }

    /** The project's interfaces' names, in order: those not loaded too. */
    public synchronized List<String> names() {
        java.util.SortedSet<String> all = new java.util.TreeSet<>(definitions.keySet());
        all.addAll(notLoaded.keySet());
        return List.copyOf(all);
    }

    /** Every destination of the project's interfaces, in order. */
    public synchronized List<DestinationRef> destinations() {
        List<DestinationRef> refs = new ArrayList<>();
        definitions.values().forEach(d -> d.destinations().keySet().forEach(name -> refs.add(new DestinationRef(d.name(), name))));
        return refs;
    }

    /** Every interface with its state (running, draining, not listening, stopped, not loaded and why), source and destinations. */
    public synchronized List<InterfaceState> states() {
        return names().stream().map(this::stateOf).toList();
    }

    public synchronized Optional<InterfaceState> state(String name) {
        return names().contains(name) ? Optional.of(stateOf(name)) : Optional.empty();
    }

    private InterfaceState stateOf(String name) {
        List<Problem> problems = notLoaded.get(name);
        if (problems == null) return stateOf(definitions.get(name));
        InterfaceDefinition d = definitions.get(name);
        return new InterfaceState(name, NOT_LOADED, notLoadedReason(problems),
                new ConnectorState(d == null ? null : d.source().type(), null, null),
                d == null ? List.of() : d.destinations().values().stream().map(dest -> new DestinationState(dest.name(),
                        paused.contains(new DestinationRef(name, dest.name())), new ConnectorState(dest.type(), null, null))).toList(),
                problems.stream().map(Problem::toString).toList(), Optional.ofNullable(codes.get(name)).map(RunningRevision::revision).orElse(null));
    }

    private InterfaceState stateOf(InterfaceDefinition d) {
        InterfaceRuntime runtime = running.get(d.name());
        List<DestinationState> destinations = new ArrayList<>();
        for (DestinationDefinition dest : d.destinations().values()) {
            Optional<DestinationRunner> r = runtime == null ? Optional.empty() : runtime.destination(dest.name());
            destinations.add(new DestinationState(dest.name(), paused.contains(new DestinationRef(d.name(), dest.name())),
                    connector(dest.type(), r.map(DestinationRunner::condition))));
        }
        Optional<String> notListening = runtime == null ? Optional.empty() : runtime.notListening();
        String state = runtime == null ? "stopped" : notListening.isPresent() ? NOT_LISTENING : runtime.accepting() ? "running" : "draining";
        ConnectorState source = connector(d.source().type(), runtime == null ? Optional.empty() : runtime.sourceCondition());
        String reason = runtime == null ? notRunning.get(d.name()) : notListening.orElse(null);
        RunningRevision code = codes.get(d.name());
        return new InterfaceState(d.name(), state, reason, source, destinations, List.of(), code == null ? null : code.revision());
    }

    private static ConnectorState connector(String type, Optional<EngineConnectorContext.Condition> condition) {
        return new ConnectorState(type, condition.map(EngineConnectorContext.Condition::status).orElse(null),
                condition.map(EngineConnectorContext.Condition::detail).orElse(null));
    }

    /** Publishes the interfaces whose state or reason changed since last time. */
    private void announce() {
        for (String name : names()) {
            InterfaceState now = stateOf(name);
            String key = now.state() + "\n" + now.reason();
            if (!key.equals(announced.put(name, key))) shared.events().interfaceChanged(name, now.state(), now.reason());
        }
    }
}
