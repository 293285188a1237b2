package io.ductus.store.alert;

import io.ductus.store.account.AuditEntry;
import java.util.List;
import java.util.Optional;

/**
 * Alerts and the facts behind them. Thread-safe; every method blocks until done and throws
 * {@link io.ductus.store.StoreException} when the database could not do it (nothing of a failed write is kept).
 */
public interface AlertStore {

    List<InterfaceActivity> interfaceActivity();

    List<DestinationActivity> destinationActivity();

    /**
     * Saves activity in one relaxed transaction. Times never move back (a second engine's older write cannot
     * undo a newer one); watched_since keeps the earliest; a baseline given replaces the stored one.
     */
    void saveActivity(List<InterfaceActivity> interfaces, List<DestinationActivity> destinations);

    /** Every stored alert. */
    List<AlertRecord> alerts();

    Optional<AlertRecord> alert(long id);

    /**
     * Writes a decided change (see {@link AlertChangeSet}) in one strict transaction. A recovery cancels the
     * episode's notices still waiting for a channel and is not sent to a channel that was never told.
     *
     * @return the row as now stored, or empty when it had changed since the decision (nothing written)
     */
    Optional<AlertRecord> change(AlertChangeSet change, long now);

    /**
     * Claims up to {@code limit} notices that are due and held by no sender, oldest due first, leasing them
     * until {@code leaseUntil}. A lease that runs out (its sender died) lets them be claimed again.
     */
    List<NotificationRecord> claim(long now, long leaseUntil, int limit);

    /** Sent: ends the lease. */
    void sent(List<Long> ids, long now);

    /**
     * An attempt failed: counts it and ends the lease; due again at {@code retryAt}, or given up (failed)
     * when it is null.
     */
    void attemptFailed(List<Long> ids, String error, Long retryAt, long now);

    /**
     * Ends leases an earlier run of this engine left behind, where the database can tell they were its own:
     * a SQLite file has one engine, so every lease at start is a dead run's. Elsewhere leases run out.
     *
     * @return how many
     */
    int releaseLeftLeases();

    /** A test notification for one channel, due now, with its audit row. */
    NotificationRecord addTest(String channel, long now, AuditEntry audit);

    /** History, newest first, of one alert or of all (alertId null), before an event id (null for the newest). */
    List<AlertEventRecord> history(Long alertId, Long beforeId, int limit);

    /** Outbox rows, newest first; {@code status} null for all. */
    List<NotificationRecord> notifications(String status, Long beforeId, int limit);

    Optional<NotificationRecord> notification(long id);

    /** Silences that have not ended by {@code now}, soonest end first. */
    List<SilenceRecord> silences(long now);

    SilenceRecord addSilence(String target, long startsAt, long endsAt, String reason, String createdBy, long now, AuditEntry audit);

    /** Ends a silence early; false when there is no such silence or it had ended (nothing written). */
    boolean endSilence(long id, String endedBy, long now, AuditEntry audit);

    /** Deletes history and finished notifications older than {@code before}, at most {@code limit} rows of each. */
    int prune(long before, int limit);
}
