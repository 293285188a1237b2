package io.ductus.store;

/**
 * One quarantined delivery with its message.
 *
 * @param attempts      the attempts it took
 * @param lastError     why it was quarantined
 * @param quarantinedAt when (Unix ms)
 */
public record QuarantinedDelivery(MessageSummary message, String destination, int attempts, String lastError,
                                  long quarantinedAt) {
}
