package io.ductus.store;

/**
 * A delivery a worker has to do, with the message it carries.
 *
 * @param attempts      attempts made so far
 * @param nextAttemptAt when a retry is due (Unix ms), or null when it was never tried
 */
public record PendingDelivery(long messageId, DestinationRef destination, int lane, int attempts, Long nextAttemptAt,
                              long receivedAt, byte[] payload, String charset, String orderingKey) {
}
