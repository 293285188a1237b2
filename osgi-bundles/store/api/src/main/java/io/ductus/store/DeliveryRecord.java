package io.ductus.store;

/**
 * One delivery as stored.
 *
 * @param nextAttemptAt when a retry is due (Unix ms), or null
 * @param lastError     the last error or filter reason, or null
 * @param output        the saved output, or null
 * @param updatedAt     when it last changed (Unix ms)
 * @param revision      the revision of the interface whose code decided its last outcome, or null (none
 *                      yet, or recorded by a release that kept no revisions)
 */
public record DeliveryRecord(String destination, int lane, DeliveryStatus status, int attempts, Long nextAttemptAt,
                             String lastError, byte[] output, String outputCharset, long updatedAt, Integer revision) {
}
