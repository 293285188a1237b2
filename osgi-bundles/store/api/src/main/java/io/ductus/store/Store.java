package io.ductus.store;

import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.revision.RevisionStore;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The store the engine runs on: the message queue (messages and their deliveries), dedupe claims, source
 * progress, and the reads behind the message browser. Thread-safe; every method blocks until done and
 * throws {@link StoreException} when the database could not do it (nothing of a failed write is kept).
 */
public interface Store {

    /**
     * Stores an intake batch in one transaction: every message, one pending delivery per destination, the
     * dedupe claims and the source's progress. Returns after the commit (on disk when the batch is
     * {@link Durability#STRICT}), so the source may acknowledge then. Concurrent calls are committed together.
     *
     * @return one entry per message, in the batch's order; a message whose dedupe key was claimed before
     *         (or earlier in the same batch) is stored for audit as a duplicate with no deliveries
     */
    List<Stored> store(IntakeBatch batch, long now);

    /**
     * The oldest pending deliveries of one destination in the given lanes: up to {@code limitPerLane} per
     * lane, merged in message-id order. Cost depends on the lanes and the limit, not on how many wait.
     * Deliveries waiting for a retry are included (see {@link PendingDelivery#nextAttemptAt()}): a lane is
     * handled strictly in order, so its first delivery decides when the lane moves.
     */
    List<PendingDelivery> pending(DestinationRef destination, Set<Integer> lanes, int limitPerLane);

    /**
     * Records delivery outcomes in one transaction. Only deliveries still pending change, and only when the
     * outcome counts more attempts than the row has, so recording the same outcomes twice changes nothing
     * the second time (not even after a {@link #resend} in between). Messages whose last pending delivery
     * finished are settled.
     */
    Recorded record(List<DeliveryOutcome> outcomes, long now);

    /**
     * A route's flush (ARCHITECTURE.md §3, routes): records its outcomes as {@link #record} does and, in the
     * same transaction, stores the routed message of each sent outcome that finished its delivery now, as
     * intake would store it in the target interface (its keys and dedupe claim, one pending delivery per
     * destination of the target). An outcome whose delivery was no longer pending changes nothing and
     * stores nothing, so repeating a flush after its commit (or after a crash) routes no message twice.
     */
    Routed route(RouteBatch batch, long now);

    /** Run once at start: settles messages left pending without pending deliveries, clears expired leases. */
    Reconciled reconcile(long now);

    /**
     * Messages newest first, filtered and paged by id ({@link MessageQuery#beforeId()}). Each filter is served
     * by an index; a text search reads at most {@link MessageQuery#scanLimit()} messages per call.
     */
    MessagePage browse(MessageQuery query);

    /** One message with its payload, every delivery (attempts, last error, saved output) and its edited copies. */
    Optional<MessageDetail> message(long id);

    /** Quarantined deliveries across interfaces (or of one), newest first, paged. */
    QuarantinePage quarantine(QuarantineQuery query);

    /*
     * The operator's actions below each take {@code audit}: the audit row describing what the action
     * changed (or null for none), written in the action's transaction so that both commit or neither does.
     */

    /**
     * Puts finished deliveries back to pending in place, in one transaction: the messages keep their ids, so
     * each is taken next in its lane. A delivery keeps its attempts (every outcome must count more attempts
     * than the row holds, so an outcome from before the resend can never finish the resent delivery), its
     * last error and saved output until its next outcome replaces them; its retry time and lease are
     * cleared. Each message that changed is pending again. Pending deliveries are left alone.
     */
    Changed resend(ResendRequest request, long now, Function<? super Changed, AuditEntry> audit);

    /** {@link #resend(ResendRequest, long, Function)} without an audit row. */
    default Changed resend(ResendRequest request, long now) {
        return resend(request, now, changed -> null);
    }

    /**
     * Stores a corrected copy of a message as a new message of the same interface, pending for the chosen
     * destinations and linked to the original ({@link MessageSummary#editedFrom()}); the original's
     * quarantined deliveries to those destinations become filtered ("replaced by edited copy N") and its
     * status is derived again. One transaction.
     *
     * @throws ActionRefusedException when the original does not exist, a chosen destination is not one of
     *                                its deliveries or is still pending, or there is no destination to send to
     */
    Edited edit(EditRequest request, long now, Function<? super Edited, AuditEntry> audit);

    /** {@link #edit(EditRequest, long, Function)} without an audit row. */
    default Edited edit(EditRequest request, long now) {
        return edit(request, now, edited -> null);
    }

    /**
     * Dismisses quarantined deliveries: each becomes filtered with "dismissed by NAME: reason" as its last
     * error, and its message's status is derived again. One transaction; other deliveries are left alone.
     */
    Changed dismiss(DismissRequest request, long now, Function<? super Changed, AuditEntry> audit);

    /** {@link #dismiss(DismissRequest, long, Function)} without an audit row. */
    default Changed dismiss(DismissRequest request, long now) {
        return dismiss(request, now, changed -> null);
    }

    /**
     * The highest message id committed so far (0 when there is none): a live deploy's cut, below which the
     * old code handles what waits. Read from the primary key's end.
     */
    long lastMessageId();

    /**
     * How many deliveries of the interface wait in lanes {@code fromLane} and above: what a lower lane
     * count would strand (the lanes guard). Reads the interface's pending deliveries once.
     */
    long pendingInLanes(String interfaceName, int fromLane);

    /**
     * Filters every pending delivery of the interface with {@code reason} as its last error and settles
     * their messages, with the audit row (or null), in one transaction: a removed interface's messages are
     * then on record as filtered rather than waiting for ever.
     *
     * @return how many deliveries it filtered
     */
    int filterPending(String interfaceName, String reason, long now, AuditEntry audit);

    /** Pending and quarantined deliveries per destination (destinations with neither are left out). */
    List<DestinationCounts> destinationCounts();

    /**
     * The first pending delivery of each lane from 0 to {@code lanes - 1} that has one, in lane order: one
     * probe of the queue index per lane, whatever waits (health asks it of destinations with a backlog).
     */
    List<LaneHead> laneHeads(DestinationRef destination, int lanes);

    /**
     * {@link #laneHeads(DestinationRef, int)} of several destinations (each with its number of lanes) in one
     * read: what one health round asks of every destination with a backlog.
     */
    java.util.Map<DestinationRef, List<LaneHead>> laneHeads(java.util.Map<DestinationRef, Integer> lanesByDestination);

    /**
     * Every lane of a destination with pending deliveries (lanes past its partitions too), how many wait in
     * each and its first one. Reads the destination's whole queue index: for hotspots, on demand.
     */
    List<LaneLoad> laneLoads(DestinationRef destination);

    /** The destinations an operator paused: they stay paused across restarts until resumed. */
    Set<DestinationRef> pausedDestinations();

    /**
     * Pauses or resumes a destination, with its audit row (or null) in the same transaction.
     *
     * @return false, and nothing written, when it already was
     */
    boolean setPaused(DestinationRef destination, boolean paused, long now, AuditEntry audit);

    /**
     * "Retry now": the destination's pending deliveries that wait for their retry back-off become due at
     * once (their attempts and last error stay; the next outcome replaces them), with the audit row (or
     * null) in the same transaction.
     *
     * @return how many were waiting
     */
    int retryNow(DestinationRef destination, long now, AuditEntry audit);

    /** The progress a source saved with its last batch ({@link IntakeBatch#progress()}), if any. */
    Optional<String> sourceState(String interfaceName, String key);

    /** Users, API tokens, studio sessions and the audit log, in the same database. */
    AccountStore accounts();

    /** Health facts that survive a restart, alerts, their history, the notification outbox and silences. */
    io.ductus.store.alert.AlertStore alerts();

    /** Interface revisions and users' drafts, in the same database. */
    RevisionStore revisions();

    /** Replay's reads of stored originals, and replay jobs with their results, in the same database. */
    io.ductus.store.replay.ReplayStore replays();

    /** Each interface's window on record, the purge of expired messages and audit rows, and what is kept. */
    io.ductus.store.retention.RetentionStore retention();

    /**
     * The engines sharing this database, who delivers which interface, and operators' moves and drains.
     * (Contract first: the implementation lands with issue 23.)
     */
    default io.ductus.store.engine.EngineStore engines() {
        throw new UnsupportedOperationException("engines on one database: not built yet");
    }

    /** Asks the database the smallest question there is; {@link StoreException} when it cannot be reached. */
    void ping();

    /** Which database this is, for logs and the API: the password is never shown. */
    String describe();

    /**
     * This store as the API's callers use it (browsing, searching, payloads, accounts, the audit log):
     * the same data, read on connections and threads of its own, so that however many people browse and
     * search, they never take the connections or threads intake and the workers need. Writes go where the
     * database serializes them, as the store's own do. Closed with the store.
     */
    default Store forCallers() {
        return this;
    }

}
