package io.ductus.engine.retention;

import io.ductus.core.pacing.Rest;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Project;
import io.ductus.core.retention.Change;
import io.ductus.core.retention.Pacing;
import io.ductus.core.retention.Window;
import io.ductus.store.Store;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.retention.RetentionStore;
import io.ductus.store.retention.RetentionStore.AppliedWindow;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retention's runs (docs/retention.md): 5 s after the start, then hourly, and right after a shorter
 * window was confirmed. A run first brings the windows on record up to the project (a new interface's and a
 * longer window apply at once; a shorter one waits for {@link #confirm}), then purges each interface's
 * expired messages in paced batches ({@link Pacing}: each batch a few milliseconds of the writer, then a rest
 * at least as long), the audit rows past {@code audit.keep}, gives free pages back (SQLite), and counts what
 * is kept for the API, {@code ductus retention} and /metrics. It runs on one thread of its own at the lowest
 * priority, never on intake's or a worker's.
 */
public final class RetentionService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RetentionService.class);
    static final long FIRST_RUN_MS = 5_000;
    static final long EVERY_MS = 3_600_000;
    static final int AUDIT_BATCH = 1_000;
    static final int RECLAIM_PAGES = 256;

    private final RetentionStore store;
    private final Clock clock;
    private final Supplier<Project> project;
    private final Rest rest;
    private final Pacing pacing = new Pacing();
    private volatile ScheduledExecutorService thread;
    private volatile Counted counted = Counted.NONE;
    private volatile LastRun lastRun = LastRun.NONE;
    private volatile Map<String, InterfaceRetention> known = Map.of();
    private long longestBatch; // this run's, in nanoseconds: only the run's thread

    /**
     * What the last count found (hourly: it reads every message once).
     *
     * @param at when it was counted (0: not yet)
     */
    public record Counted(long at, Map<String, RetentionStore.Kept> kept, long auditRows, RetentionStore.Space space) {
        static final Counted NONE = new Counted(0, Map.of(), 0, new RetentionStore.Space(0, 0));
    }

    /**
     * The last run: when it started, how long it took, what it deleted and what it kept past a window, and the
     * longest a purge batch's statements held the writer.
     */
    public record LastRun(long startedAt, long millis, long deleted, long kept, long auditDeleted, long pagesReclaimed,
                          double longestBatchMillis, long purgeMillis, long reclaimMillis, String error) {
        static final LastRun NONE = new LastRun(0, 0, 0, 0, 0, 0, 0, 0, 0, null);
    }

    /**
     * One interface as retention sees it.
     *
     * @param configured the window its files say (empty: no longer in the project)
     * @param applied    the window its messages are purged by now (empty: not on record yet)
     * @param waiting    a shorter window waits for a confirmation
     */
    public record InterfaceRetention(String name, Optional<Window> configured, Optional<Window> applied, boolean waiting,
                                     boolean purgeQuarantined, Optional<AppliedWindow> record) {
    }

    public RetentionService(Store store, Clock clock, Supplier<Project> project) {
        this(store.retention(), clock, project, LockSupport::parkNanos);
    }

    public RetentionService(RetentionStore store, Clock clock, Supplier<Project> project, Rest rest) {
        this.store = store;
        this.clock = clock;
        this.project = project;
        this.rest = rest;
    }

    /** Schedules the runs on a thread of their own. */
    public RetentionService start() {
        ScheduledExecutorService t = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "ductus-retention");
            th.setDaemon(true);
            th.setPriority(Thread.MIN_PRIORITY);
            return th;
        });
        thread = t;
        t.scheduleWithFixedDelay(this::runLogged, FIRST_RUN_MS, EVERY_MS, TimeUnit.MILLISECONDS);
        return this;
    }

    /** A run as soon as the thread is free (after a confirmation). */
    public void runSoon() {
        ScheduledExecutorService t = thread;
        if (t != null && !t.isShutdown()) t.execute(this::runLogged);
    }

    private void runLogged() {
        try {
            run();
        } catch (RuntimeException e) {
            LOG.warn("retention: the run failed, the next one tries again: {}", e.getMessage());
            lastRun = new LastRun(clock.millis(), 0, 0, 0, 0, 0, 0, 0, 0, e.getMessage());
        }
    }

    /** One whole run, on the caller's thread. */
    public synchronized LastRun run() {
        long started = clock.millis();
        long t0 = System.nanoTime();
        Project p = project.get();
        Map<String, InterfaceRetention> interfaces = sync(p, started);
        known = interfaces;
        long deleted = maintain(interfaces); // messages that went with dropped partitions (PostgreSQL)
        long kept = 0;
        longestBatch = 0;
        for (InterfaceRetention i : interfaces.values()) {
            if (i.applied().isEmpty()) continue;
            long[] n = purge(i.name(), store.cutoff(i.applied().get().days(), clock.millis()), i.purgeQuarantined());
            deleted += n[0];
            kept += n[1];
            if (n[0] > 0) LOG.info("retention: {} message(s) of {} older than {} deleted, {} kept (pending or quarantined)",
                    n[0], i.name(), i.applied().get().word(), n[1]);
        }
        long purgeMillis = (System.nanoTime() - t0) / 1_000_000;
        long auditDeleted = purgeAudit(p.settings().auditKeep().cutoff(clock.millis()));
        long r0 = System.nanoTime();
        long reclaimed = reclaim();
        long reclaimMillis = (System.nanoTime() - r0) / 1_000_000;
        count(interfaces);
        LastRun run = new LastRun(started, (System.nanoTime() - t0) / 1_000_000, deleted, kept, auditDeleted, reclaimed,
                longestBatch / 1e6, purgeMillis, reclaimMillis, null);
        lastRun = run;
        return run;
    }

    /**
     * The windows on record brought up to the project; returns every interface retention knows of. Interfaces
     * seen for the first time are recorded in one transaction (a first start with 1,001 interfaces is one
     * commit, not 1,001); each longer window with its own audit row.
     */
    private Map<String, InterfaceRetention> sync(Project p, long now) {
        Map<String, InterfaceRetention> all = interfaces(p, store.applied());
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (InterfaceRetention i : all.values()) {
            if (i.configured().isEmpty()) continue;
            Change change = Change.of(i.applied(), i.configured().get());
            if (change == Change.NEW) seen.put(i.name(), i.configured().get().days());
            if (change != Change.LONGER) continue;
            store.apply(i.name(), i.configured().get().days(), "engine", now,
                    system(now, "retention.change", i.name(), i.applied().get(), i.configured().get()));
            LOG.info("retention: {} keeps its messages {} now (was {})", i.name(), i.configured().get().word(), i.applied().get().word());
        }
        store.applyNew(seen, "engine", now);
        return interfaces(p, store.applied());
    }

    /** Every interface of the project and every one on record, as retention sees it now. Reads the windows once. */
    public Map<String, InterfaceRetention> interfaces() {
        return interfaces(project.get(), store.applied());
    }

    private static Map<String, InterfaceRetention> interfaces(Project p, Map<String, AppliedWindow> applied) {
        Map<String, InterfaceRetention> all = new LinkedHashMap<>();
        Window projectDefault = p.settings().retention();
        for (InterfaceDefinition d : p.interfaces().values()) {
            Window configured = d.keeping().window(projectDefault);
            Optional<AppliedWindow> record = Optional.ofNullable(applied.get(d.name()));
            Optional<Window> current = record.map(a -> Window.ofDays(a.days()));
            all.put(d.name(), new InterfaceRetention(d.name(), Optional.of(configured), current,
                    Change.of(current, configured) == Change.WAITS_FOR_CONFIRMATION, d.keeping().purgeQuarantined(), record));
        }
        for (AppliedWindow a : applied.values()) {
            // Removed from the project: its messages still go by the window it had (quarantined ones stay).
            all.putIfAbsent(a.interfaceName(), new InterfaceRetention(a.interfaceName(), Optional.empty(),
                    Optional.of(Window.ofDays(a.days())), false, false, Optional.of(a)));
        }
        return all;
    }

    /**
     * Applies a shorter window that waits for a confirmation, with its audit row, and starts a run.
     *
     * @return the interface after the change, or empty when nothing waits for a confirmation
     */
    public Optional<InterfaceRetention> confirm(String name, String by, AuditEntry audit) {
        InterfaceRetention i = interfaces().get(name);
        if (i == null || !i.waiting()) return Optional.empty();
        store.apply(name, i.configured().orElseThrow().days(), by, clock.millis(), audit);
        LOG.info("retention: {} confirmed {} for {} (was {}): older messages are deleted now", by, i.configured().get().word(), name,
                i.applied().orElseThrow().word());
        runSoon();
        known = interfaces();
        return Optional.ofNullable(known.get(name));
    }

    /**
     * PostgreSQL's partitions (elsewhere nothing): leaves made ahead, changed windows' messages moved, expired
     * leaves dropped once what is still needed moved to the held area. Before the purges, which then find
     * only the few messages a dropped leaf did not take.
     */
    private long maintain(Map<String, InterfaceRetention> interfaces) {
        Map<String, RetentionStore.Keeping> keeping = new LinkedHashMap<>();
        for (InterfaceRetention i : interfaces.values()) {
            i.applied().ifPresent(w -> keeping.put(i.name(), new RetentionStore.Keeping(w.days(), i.purgeQuarantined())));
        }
        RetentionStore.Maintained m = store.maintain(clock.millis(), keeping);
        if (m.made() + m.dropped() + m.moved() + m.gaveUp() > 0) {
            LOG.info("retention: partitions made {}, periods dropped {} with {} message(s) ({} kept out of them), {} message(s)"
                    + " moved to a changed window's tier, {} left for the next run (a lock held: leaves not made, periods not dropped), in {} ms",
                    m.made(), m.dropped(), m.droppedMessages(), m.held(), m.moved(), m.gaveUp(), m.nanos() / 1_000_000);
        }
        return m.droppedMessages();
    }

    /** Purges one interface to its cutoff in paced batches; {deleted, kept}. */
    private long[] purge(String name, long cutoff, boolean purgeQuarantined) {
        long deleted = 0;
        long kept = 0;
        long after = 0;
        while (true) {
            RetentionStore.Purged batch = store.purge(name, cutoff, purgeQuarantined, after, pacing.batch());
            long pause = pacing.took(batch.nanos(), batch.deleted() + batch.kept());
            longestBatch = Math.max(longestBatch, batch.nanos());
            deleted += batch.deleted();
            kept += batch.kept();
            after = batch.lastId();
            if (batch.done() || Thread.currentThread().isInterrupted()) return new long[] {deleted, kept};
            rest.nanos(pause);
        }
    }

    private long purgeAudit(long before) {
        long deleted = 0;
        while (!Thread.currentThread().isInterrupted()) {
            long t = System.nanoTime();
            int n = store.purgeAudit(before, AUDIT_BATCH);
            deleted += n;
            if (n < AUDIT_BATCH) break;
            rest.nanos(Math.max(Pacing.MIN_REST_NANOS, System.nanoTime() - t));
        }
        if (deleted > 0) LOG.info("retention: {} audit row(s) past audit.keep deleted", deleted);
        return deleted;
    }

    /** Free pages back to the operating system, a few at a time; how many pages went. */
    private long reclaim() {
        long before = -1;
        long reclaimed = 0;
        while (!Thread.currentThread().isInterrupted()) {
            long t = System.nanoTime();
            long left = store.reclaim(RECLAIM_PAGES);
            if (before >= 0) reclaimed += Math.max(0, before - left);
            if (left == 0 || left == before) break;
            before = left;
            rest.nanos(Math.max(Pacing.MIN_REST_NANOS, System.nanoTime() - t));
        }
        return reclaimed;
    }

    private void count(Map<String, InterfaceRetention> interfaces) {
        Map<String, Long> cutoffs = new LinkedHashMap<>();
        long now = clock.millis();
        interfaces.values().forEach(i -> i.applied().ifPresent(w -> cutoffs.put(i.name(), store.cutoff(w.days(), now))));
        Map<String, RetentionStore.Kept> kept = new LinkedHashMap<>();
        for (RetentionStore.Kept k : store.kept(cutoffs)) kept.put(k.interfaceName(), k);
        counted = new Counted(now, kept, store.auditRows(), store.space());
    }

    /** The interfaces as the last run (or confirmation) saw them: for /metrics, which must not check the project at every scrape. */
    public Map<String, InterfaceRetention> known() {
        return known;
    }

    /** What the last run counted. */
    public Counted counted() {
        return counted;
    }

    public LastRun lastRun() {
        return lastRun;
    }

    private static AuditEntry system(long now, String action, String name, Window from, Window to) {
        return new AuditEntry(now, "system", null, null, "engine", null, action, "interface:" + name, "ok",
                "{\"from\":\"" + from.word() + "\",\"to\":\"" + to.word() + "\"}");
    }

    @Override
    public void close() {
        ScheduledExecutorService t = thread;
        if (t == null) return;
        t.shutdownNow();
        try {
            if (!t.awaitTermination(5, TimeUnit.SECONDS)) LOG.warn("retention: the run did not stop within 5 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
