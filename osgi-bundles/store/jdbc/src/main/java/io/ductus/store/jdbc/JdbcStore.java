package io.ductus.store.jdbc;

import io.ductus.core.pacing.Rest;
import io.ductus.store.Changed;
import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DismissRequest;
import io.ductus.store.Durability;
import io.ductus.store.EditRequest;
import io.ductus.store.Edited;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.PendingDelivery;
import io.ductus.store.QuarantinePage;
import io.ductus.store.QuarantineQuery;
import io.ductus.store.Reconciled;
import io.ductus.store.Recorded;
import io.ductus.store.ResendRequest;
import io.ductus.store.RouteBatch;
import io.ductus.store.Routed;
import io.ductus.store.Store;
import io.ductus.store.Stored;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.revision.RevisionStore;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * The store, written once for both databases: each operation is SQL from this package run through the
 * database's {@link Transactions}.
 */
public final class JdbcStore implements Store, AutoCloseable {

    private final Dialect dialect;
    private final Transactions transactions;
    private final String description;
    private final JdbcAccounts accounts;
    private final JdbcAlerts alerts;
    private final JdbcRevisions revisions;
    private final JdbcReplays replays;
    private final JdbcRetention retention;
    private final Tiers tiers;
    private final LeafTables leafTables;
    private final JdbcStore forCallers;
    private final boolean view;
    private final Rest rest;
    private final JdbcEngines engines;
    private final List<AutoCloseable> closing = new java.util.concurrent.CopyOnWriteArrayList<>();

    public JdbcStore(Dialect dialect, Transactions transactions, String description) {
        this(dialect, transactions, description, LockSupport::parkNanos);
    }

    /** @param rest how a text search rests between the parts of its window (tests count instead of parking) */
    public JdbcStore(Dialect dialect, Transactions transactions, String description, Rest rest) {
        this(dialect, transactions, description, null, rest, null);
    }

    /**
     * @param sessions opens the connection each engine run keeps for its lock (PostgreSQL: several engines on the
     *                 database; null: one engine, which delivers every interface)
     */
    public JdbcStore(Dialect dialect, Transactions transactions, String description, SessionConnections sessions) {
        this(dialect, transactions, description, null, LockSupport::parkNanos, sessions);
    }

    /** {@code owner} null: the store itself; else its view for the API's callers (closing it closes nothing). */
    private JdbcStore(Dialect dialect, Transactions given, String description, JdbcStore owner, Rest rest, SessionConnections sessions) {
        this.rest = Objects.requireNonNull(rest);
        this.dialect = Objects.requireNonNull(dialect);
        this.leafTables = owner != null ? owner.leafTables : dialect == Dialect.POSTGRES ? new LeafTables() : null;
        // PostgreSQL's writes run again after a row moved partitions under them, or had no leaf to go to.
        Transactions transactions = owner != null || dialect != Dialect.POSTGRES ? Objects.requireNonNull(given)
                : new PartitionedWrites(given, leafTables);
        this.transactions = transactions;
        this.description = Objects.requireNonNull(description);
        this.accounts = new JdbcAccounts(transactions);
        this.alerts = new JdbcAlerts(dialect, transactions);
        this.revisions = new JdbcRevisions(transactions);
        this.replays = new JdbcReplays(transactions);
        this.tiers = owner != null ? owner.tiers : new Tiers();
        this.retention = new JdbcRetention(dialect, transactions, tiers);
        this.view = owner != null;
        this.engines = owner != null ? owner.engines : new JdbcEngines(dialect, transactions, sessions);
        // After engines: the callers' view shares them (its resends and edits tell the owner).
        Transactions callers = transactions.forCallers();
        this.forCallers = owner != null ? this
                : callers == transactions ? this : new JdbcStore(dialect, callers, description, this, rest, null);
    }

    /** The transactions the store runs its statements in (a test wraps them to count the statements). */
    public Transactions transactions() {
        return transactions;
    }

    /** Closes {@code resource} with the store (a SQLite file's engine lock). */
    public void closing(AutoCloseable resource) {
        closing.add(resource);
    }

    @Override
    public JdbcEngines engines() {
        return engines;
    }

    @Override
    public Store forCallers() {
        return forCallers;
    }

    @Override
    public List<Stored> store(IntakeBatch batch, long now) {
        if (batch.messages().isEmpty() && batch.progress() == null) return List.of();
        List<Stored> stored = transactions.write(batch.durability(), c -> IntakeWriter.write(c, dialect, batch, tiers.of(c, batch.interfaceName()), now));
        for (int i = 0; i < stored.size(); i++) {
            if (stored.get(i).duplicateOf() == null && !batch.messages().get(i).destinations().isEmpty()) {
                engines.queued(batch.interfaceName());
                break;
            }
        }
        return stored;
    }

    @Override
    public List<PendingDelivery> pending(DestinationRef destination, Set<Integer> lanes, int limitPerLane) {
        if (limitPerLane < 1) throw new IllegalArgumentException("limitPerLane must be at least 1");
        if (lanes.isEmpty()) return List.of();
        return transactions.read(c -> QueueReads.pending(c, dialect, destination, lanes, limitPerLane));
    }

    /**
     * Outcomes are committed relaxed: safe against a process crash (the commit is in the operating
     * system's hands), and a power cut can only lose the last outcomes, whose messages are then sent
     * again: delivery is at least once anyway. Not waiting for the disk here leaves every fsync to the
     * intake's commits, which is what lets one connection ingest near the disk's fsync rate.
     */
    @Override
    public Recorded record(List<DeliveryOutcome> outcomes, long now) {
        if (outcomes.isEmpty()) return new Recorded(0, List.of());
        return transactions.write(Durability.RELAXED, c -> OutcomeWriter.write(c, dialect, tiers, leafTables, outcomes, now));
    }

    /**
     * Relaxed like {@link #record}: nobody outside the database has been told of the routed messages, so a
     * commit lost to a power cut is lost whole; the deliveries are then still pending and routed again.
     */
    @Override
    public Routed route(RouteBatch batch, long now) {
        if (batch.outcomes().isEmpty()) return new Routed(new Recorded(0, List.of()), List.of());
        Routed routed = transactions.write(Durability.RELAXED, c -> RouteWriter.write(c, dialect, tiers, leafTables, batch, now));
        if (!routed.stored().isEmpty()) engines.queued(batch.targetInterface());
        return routed;
    }

    @Override
    public Reconciled reconcile(long now) {
        int settled = 0;
        while (true) {
            SortedSet<Long> stranded = transactions.read(Reconciler::stranded);
            if (stranded.isEmpty()) break;
            int n = transactions.write(Durability.STRICT, c -> Settlement.settle(c, dialect, stranded, now)).size();
            if (n == 0) break; // nothing changed (another engine settled them): stop rather than loop
            settled += n;
        }
        int leases = transactions.write(Durability.STRICT, c -> Reconciler.clearLeases(c, now));
        return new Reconciled(settled, leases);
    }

    /**
     * PostgreSQL: makes the leaves that messages stored now go to where they are missing (a new database), before
     * the engine takes any message; returns how many it made. Elsewhere nothing.
     */
    public int makeCurrentLeaves(long now) {
        return retention.makeCurrentLeaves(now);
    }

    @Override
    public MessagePage browse(MessageQuery query) {
        return transactions.read(c -> MessageBrowsing.browse(c, dialect, query, rest));
    }

    @Override
    public Optional<MessageDetail> message(long id) {
        return transactions.read(c -> MessageReads.message(c, id));
    }

    @Override
    public QuarantinePage quarantine(QuarantineQuery query) {
        return transactions.read(c -> QuarantineReads.page(c, query));
    }

    @Override
    public Changed resend(ResendRequest request, long now, Function<? super Changed, AuditEntry> audit) {
        Changed changed = action(c -> MessageActions.resend(c, dialect, request, now), audit);
        queued(changed);
        return changed;
    }

    @Override
    public Edited edit(EditRequest request, long now, Function<? super Edited, AuditEntry> audit) {
        Edited edited = action(c -> EditedCopies.edit(c, dialect, tiers, request, now), audit);
        if (!edited.destinations().isEmpty()) engines.queued(edited.interfaceName());
        queued(edited.original());
        return edited;
    }

    @Override
    public Changed dismiss(DismissRequest request, long now, Function<? super Changed, AuditEntry> audit) {
        return action(c -> MessageActions.dismiss(c, dialect, request, now), audit);
    }

    /** An operator's action and its audit row, in one strict transaction: rare, and worth a sync. */
    private <R> R action(SqlWork<R> action, Function<? super R, AuditEntry> audit) {
        return transactions.write(Durability.STRICT, c -> {
            R changed = action.run(c);
            AuditEntry entry = audit.apply(changed);
            if (entry != null) AccountRows.insertAudit(c, entry);
            return changed;
        });
    }

    @Override
    public long lastMessageId() {
        return transactions.read(c -> {
            try (var statement = c.createStatement(); var rows = statement.executeQuery("SELECT COALESCE(MAX(id), 0) FROM messages")) {
                rows.next();
                return rows.getLong(1);
            }
        });
    }

    @Override
    public long pendingInLanes(String interfaceName, int fromLane) {
        return transactions.read(c -> InterfaceQueue.pendingInLanes(c, interfaceName, fromLane));
    }

    @Override
    public int filterPending(String interfaceName, String reason, long now, AuditEntry audit) {
        return action(c -> InterfaceQueue.filterPending(c, dialect, interfaceName, reason, now), n -> audit);
    }

    @Override
    public List<DestinationCounts> destinationCounts() {
        return transactions.read(QueueReads::counts);
    }

    @Override
    public List<io.ductus.store.LaneHead> laneHeads(DestinationRef destination, int lanes) {
        List<Integer> all = java.util.stream.IntStream.range(0, lanes).boxed().toList();
        return transactions.read(c -> QueueReads.laneHeads(c, destination, all));
    }

    @Override
    public java.util.Map<DestinationRef, List<io.ductus.store.LaneHead>> laneHeads(java.util.Map<DestinationRef, Integer> lanesByDestination) {
        if (lanesByDestination.isEmpty()) return java.util.Map.of();
        return transactions.read(c -> {
            java.util.Map<DestinationRef, List<io.ductus.store.LaneHead>> all = new java.util.LinkedHashMap<>();
            for (var e : lanesByDestination.entrySet()) {
                all.put(e.getKey(), QueueReads.laneHeads(c, e.getKey(), java.util.stream.IntStream.range(0, e.getValue()).boxed().toList()));
            }
            return all;
        });
    }

    @Override
    public List<io.ductus.store.LaneLoad> laneLoads(DestinationRef destination) {
        return transactions.read(c -> QueueReads.laneLoads(c, destination));
    }

    @Override
    public Set<DestinationRef> pausedDestinations() {
        return transactions.read(PausedDestinations::all);
    }

    @Override
    public boolean setPaused(DestinationRef destination, boolean paused, long now, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> PausedDestinations.set(c, destination, paused, now, audit));
    }

    @Override
    public int retryNow(DestinationRef destination, long now, AuditEntry audit) {
        int waited = action(c -> MessageActions.retryNow(c, destination, now), w -> audit);
        if (waited > 0) engines.queued(destination.interfaceName());
        return waited;
    }

    /** The interfaces whose deliveries an operator's action made pending: their owner is told ({@link JdbcEngines#queued}). */
    private void queued(Changed changed) {
        if (changed == null) return;
        Set<String> names = new java.util.TreeSet<>();
        for (io.ductus.store.DeliveryChange d : changed.deliveries()) {
            if (d.after() == io.ductus.store.DeliveryStatus.PENDING) names.add(d.destination().interfaceName());
        }
        names.forEach(engines::queued);
    }

    @Override
    public Optional<String> sourceState(String interfaceName, String key) {
        return transactions.read(c -> MessageReads.sourceState(c, interfaceName, key));
    }

    @Override
    public AccountStore accounts() {
        return accounts;
    }

    @Override
    public io.ductus.store.alert.AlertStore alerts() {
        return alerts;
    }

    @Override
    public RevisionStore revisions() {
        return revisions;
    }

    @Override
    public io.ductus.store.replay.ReplayStore replays() {
        return replays;
    }

    @Override
    public io.ductus.store.retention.RetentionStore retention() {
        return retention;
    }

    @Override
    public void ping() {
        transactions.read(c -> {
            try (var statement = c.createStatement(); var rows = statement.executeQuery("SELECT 1")) {
                return rows.next();
            }
        });
    }

    @Override
    public String describe() {
        return description;
    }

    public Dialect dialect() {
        return dialect;
    }

    @Override
    public void close() {
        if (view) return;
        transactions.close();
        for (AutoCloseable resource : closing) {
            try {
                resource.close();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(JdbcStore.class).warn("closing {}: {}", resource, e.toString());
            }
        }
    }
}
