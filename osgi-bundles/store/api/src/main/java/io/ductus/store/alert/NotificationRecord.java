package io.ductus.store.alert;

/**
 * One row of the outbox: a notice for one channel.
 *
 * @param alertId    the alert it tells of, or null for a test notification
 * @param kind       fired, escalated, reminder, recovered, test
 * @param status     waiting, sent, failed (given up), cancelled (a recovery came before it was sent)
 * @param dueAt      when it may be sent (Unix ms)
 * @param leaseUntil while a sender holds it, or null
 */
public record NotificationRecord(long id, Long alertId, int episode, String channel, String kind, String target, String severity,
                                 String state, String reason, long createdAt, long dueAt, String status, int attempts,
                                 Long leaseUntil, String lastError, Long sentAt) {
}
