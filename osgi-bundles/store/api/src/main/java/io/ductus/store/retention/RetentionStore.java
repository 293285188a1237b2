package io.ductus.store.retention;

import io.ductus.store.account.AuditEntry;
import java.util.List;
import java.util.Map;

/**
 * Retention's reads and writes. Each purge call is one short write transaction (relaxed: a purge a power cut
 * lost is done again by the next one), so that it holds SQLite's one writer only for a moment and intake's
 * commits never wait long behind it. Nothing here decides what a window is: the engine passes cutoffs.
 */
public interface RetentionStore {

    /** The window each interface's messages are purged by now, by interface name. */
    Map<String, AppliedWindow> applied();

    /**
     * Records the window the interface's messages are purged by from now on, with the audit row (or null) in
     * the same transaction.
     */
    void apply(String interfaceName, int days, String by, long now, AuditEntry audit);

    /** Records the windows of interfaces seen for the first time (days by interface name), all in one transaction. */
    void applyNew(Map<String, Integer> daysByInterface, String by, long now);

    /**
     * One batch of the purge: walks the interface's messages in id order after {@code afterId}, up to
     * {@code limit} of them, and deletes those received before {@code cutoff} that are finished (sent,
     * filtered, duplicate; quarantined too when {@code purgeQuarantined}) with their deliveries and dedupe
     * claims, in one transaction. Pending messages (and quarantined ones, unless purged) are kept and
     * stepped over. Stops at the first message received at or after the cutoff: ids grow with time.
     */
    Purged purge(String interfaceName, long cutoff, boolean purgeQuarantined, long afterId, int limit);

    /**
     * The cutoff of a window of {@code days} at {@code now} as this database keeps windows: exactly (SQLite),
     * or from the start of the period of the window's tier that the exact cutoff falls in (PostgreSQL, whose
     * partitions go whole: a day for 1w, a week for 3w and 7w). What the purge and the counts go by.
     */
    default long cutoff(int days, long now) {
        return now - days * 86_400_000L;
    }

    /** Deletes up to {@code limit} of the oldest audit rows written before {@code before}, in one transaction; how many. */
    int purgeAudit(long before, int limit);

    /**
     * Gives up to {@code pages} of the database file's free pages back to the operating system (SQLite's
     * incremental vacuum; PostgreSQL's own vacuum does this, so there it does nothing).
     *
     * @return how many free pages are left
     */
    long reclaim(int pages);

    /**
     * What each interface that has messages keeps: rows, payload bytes, the oldest, and how many are past
     * the cutoff given for it (held: pending or quarantined beyond their window). Reads every message once:
     * for the hourly count, not for each API call.
     */
    List<Kept> kept(Map<String, Long> cutoffs);

    /**
     * One maintenance run of a database whose messages are partitioned by time (PostgreSQL; elsewhere it does
     * nothing): leaves made ahead of time, messages of interfaces whose window changed moved to its tier,
     * expired leaves dropped after the messages someone still needs moved out (to their interface's tier, or
     * pending and kept quarantined ones to the held area), held months that are over dropped once nothing in
     * them is needed. Off the hot path: making a leaf never holds up an insert, and gives up after a short
     * lock timeout except when tomorrow's is missing.
     *
     * @param now     the time it runs at
     * @param keeping each interface's window and whether its quarantined messages go with it; an interface not
     *                named keeps nothing beyond its tier's window but its pending and quarantined messages
     */
    default Maintained maintain(long now, Map<String, Keeping> keeping) {
        return Maintained.NOTHING;
    }

    /** What an interface's retention keeps: its window's days, and whether its quarantined messages go with it. */
    record Keeping(int days, boolean purgeQuarantined) {
    }

    /**
     * One maintenance run.
     *
     * @param made    leaves made (messages' and deliveries' each count)
     * @param dropped periods dropped (a messages leaf with its deliveries leaf)
     * @param droppedMessages messages that went with them
     * @param held    messages moved out of dropped periods to stay (held area, or a longer window's tier)
     * @param moved   messages moved to their interface's tier after a window change
     * @param gaveUp  leaves not made and periods not dropped this time: their lock was taken (the next run tries again)
     * @param nanos   how long the run took
     */
    record Maintained(int made, int dropped, long droppedMessages, long held, long moved, int gaveUp, long nanos) {
        public static final Maintained NOTHING = new Maintained(0, 0, 0, 0, 0, 0, 0);
    }

    /** How many audit rows there are. */
    long auditRows();

    /** The database's size on disk and how much of it is free for reuse. */
    Space space();

    /** An interface's window on record: its days, when and by whom it was set. */
    record AppliedWindow(String interfaceName, int days, long changedAt, String changedBy) {
    }

    /**
     * One purge batch.
     *
     * @param deleted messages deleted (with their deliveries and dedupe claims)
     * @param kept    messages past the cutoff kept (pending, or quarantined and not purged)
     * @param lastId  the last message id looked at: the next batch starts after it
     * @param done    whether the walk reached a message inside the window or the interface's newest one
     * @param nanos   how long the batch's own statements held the writer (not its wait for the commit, which
     *                it shares with the intake batches committed with it): what pacing goes by
     */
    record Purged(int deleted, int kept, long lastId, boolean done, long nanos) {
    }

    /**
     * What one interface keeps.
     *
     * @param oldestReceivedAt the oldest message's receipt time, or 0 when it has none
     * @param held             messages past their cutoff still kept (pending, quarantined)
     */
    record Kept(String interfaceName, long messages, long bytes, long oldestReceivedAt, long held) {
    }

    /** The database's size on disk and its free part, in bytes. */
    record Space(long bytes, long freeBytes) {
    }
}
