package io.ductus.store;

/**
 * A delivery a worker has to do, with the message it carries.
 *
 * @param attempts      attempts made so far
 * @param nextAttemptAt when a retry is due (Unix ms), or null when it was never tried
 * @param sourceInfo    where the message came from as its source told (such as remote=10.1.2.3:51234), or null
 */
public record PendingDelivery(long messageId, DestinationRef destination, int lane, int attempts, Long nextAttemptAt,
                              long receivedAt, byte[] payload, String charset, String orderingKey, String sourceInfo) {
}
