package io.ductus.store;

import java.util.List;
import java.util.Optional;
import java.util.Set;

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
     * Records delivery outcomes in one transaction. Only deliveries still pending change (a retry outcome
     * only when it records more attempts than the row has), so recording the same outcomes twice changes
     * nothing the second time. Messages whose last pending delivery finished are settled.
     */
    Recorded record(List<DeliveryOutcome> outcomes, long now);

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

    /** Pending and quarantined deliveries per destination (destinations with neither are left out). */
    List<DestinationCounts> destinationCounts();

    /** The progress a source saved with its last batch ({@link IntakeBatch#progress()}), if any. */
    Optional<String> sourceState(String interfaceName, String key);

    /** Which database this is, for logs and the API: the password is never shown. */
    String describe();
}
