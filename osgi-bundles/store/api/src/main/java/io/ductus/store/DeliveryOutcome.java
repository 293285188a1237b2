package io.ductus.store;

import java.util.Objects;

/**
 * What happened to one delivery. Create them with the factory methods.
 *
 * @param attempts      the attempts made so far, this one included (an absolute count, so recording the
 *                      same outcome twice is harmless)
 * @param nextAttemptAt when to try again (Unix ms); only for {@link Kind#RETRY}
 * @param error         why it was filtered, quarantined or will be retried; null when sent
 * @param output        the transform's output when the destination saves it, else null
 * @param outputCharset the output's charset, null when there is no output
 * @param revision      the revision of the interface whose code decided it ({@link #withRevision}), or null
 * @param receivedAt    when the message was received ({@link PendingDelivery#receivedAt()}, {@link #withReceivedAt}),
 *                      or 0 when not known: a store partitioned by time finds the row in the one partition of that
 *                      time instead of looking for it in every one
 */
public record DeliveryOutcome(long messageId, DestinationRef destination, Kind kind, int attempts, Long nextAttemptAt,
                              String error, byte[] output, String outputCharset, Integer revision, long receivedAt) {

    /** The outcomes of ARCHITECTURE.md §3; a retry leaves the delivery pending. */
    public enum Kind {
        SENT(DeliveryStatus.SENT), FILTERED(DeliveryStatus.FILTERED), QUARANTINED(DeliveryStatus.QUARANTINED),
        RETRY(DeliveryStatus.PENDING);

        private final DeliveryStatus status;

        Kind(DeliveryStatus status) {
            this.status = status;
        }

        public DeliveryStatus status() {
            return status;
        }
    }

    public DeliveryOutcome {
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(kind, "kind");
        if (attempts < 1) throw new IllegalArgumentException("attempts counts this one too, so it is at least 1");
        if ((kind == Kind.RETRY) != (nextAttemptAt != null)) {
            throw new IllegalArgumentException("nextAttemptAt is set for a retry, and only for a retry");
        }
    }

    /** An outcome whose message's time is not known ({@code receivedAt} 0). */
    public DeliveryOutcome(long messageId, DestinationRef destination, Kind kind, int attempts, Long nextAttemptAt,
                           String error, byte[] output, String outputCharset, Integer revision) {
        this(messageId, destination, kind, attempts, nextAttemptAt, error, output, outputCharset, revision, 0);
    }

    /** The same outcome, recorded as decided by this revision of the interface's code. */
    public DeliveryOutcome withRevision(Integer revision) {
        return new DeliveryOutcome(messageId, destination, kind, attempts, nextAttemptAt, error, output, outputCharset,
                revision, receivedAt);
    }

    /** The same outcome, for a message received at {@code receivedAt} (Unix ms; the delivery's {@link PendingDelivery#receivedAt()}). */
    public DeliveryOutcome withReceivedAt(long receivedAt) {
        return new DeliveryOutcome(messageId, destination, kind, attempts, nextAttemptAt, error, output, outputCharset,
                revision, receivedAt);
    }

    public static DeliveryOutcome sent(long messageId, DestinationRef destination, int attempts, byte[] output,
                                       String outputCharset) {
        return new DeliveryOutcome(messageId, destination, Kind.SENT, attempts, null, null, output, outputCharset, null);
    }

    public static DeliveryOutcome filtered(long messageId, DestinationRef destination, int attempts, String reason) {
        return new DeliveryOutcome(messageId, destination, Kind.FILTERED, attempts, null, reason, null, null, null);
    }

    public static DeliveryOutcome quarantined(long messageId, DestinationRef destination, int attempts, String error) {
        return new DeliveryOutcome(messageId, destination, Kind.QUARANTINED, attempts, null, error, null, null, null);
    }

    public static DeliveryOutcome retry(long messageId, DestinationRef destination, int attempts, long nextAttemptAt,
                                        String error) {
        return new DeliveryOutcome(messageId, destination, Kind.RETRY, attempts, nextAttemptAt, error, null, null, null);
    }
}
