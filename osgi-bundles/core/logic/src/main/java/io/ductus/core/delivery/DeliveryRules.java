package io.ductus.core.delivery;

import io.ductus.core.project.Retry;
import io.ductus.core.retry.RetryDecision;
import io.ductus.core.retry.RetrySchedule;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import java.time.Instant;
import java.util.Optional;

/**
 * What one delivery attempt comes to (ARCHITECTURE §3, outcomes): from the transform's verdict, then from
 * what the destination answered. A pure function of its arguments; the worker gathers the facts (the
 * verdict, the answer, {@code now}) and records what this returns.
 *
 * @param messageId  the message
 * @param ref        the destination
 * @param attempts   the attempts made, this one included
 * @param retry      the destination's {@code retry:} setting
 * @param saveOutput whether the destination keeps what it sent ({@code save_output})
 */
public record DeliveryRules(long messageId, DestinationRef ref, int attempts, Retry retry, boolean saveOutput) {

    /** What a transform decided, as the script host reports it. */
    public enum Verdict {
        /** It returned something to send. */
        OUTPUT,
        /** It returned null or called {@code filter(reason)}. */
        FILTERED,
        /** It threw, or called {@code quarantine(reason)}, or its input could not be read in its format. */
        QUARANTINED,
        /** It ran past its timeout or memory limit and was stopped. */
        RUNAWAY,
        /** It called {@code transient(reason)}, or a service it used failed for now. */
        TRANSIENT
    }

    /**
     * The outcome of a transform that produced nothing to send; empty for {@link Verdict#OUTPUT} (send it).
     * Filtered stays filtered; an error and runaway code are quarantined (the engine counts runaways on its
     * own); a transient failure is tried again after the back-off, or quarantined once
     * {@code retry.max_attempts} is used up.
     */
    public Optional<DeliveryOutcome> afterTransform(Verdict verdict, String reason, Instant now) {
        return switch (verdict) {
            case OUTPUT -> Optional.empty();
            case FILTERED -> Optional.of(DeliveryOutcome.filtered(messageId, ref, attempts, reason));
            case QUARANTINED, RUNAWAY -> Optional.of(DeliveryOutcome.quarantined(messageId, ref, attempts, "transform: " + reason));
            case TRANSIENT -> Optional.of(retryOrGiveUp(Outcome.retry("transform: " + reason), now));
        };
    }

    /** The outcome of a send: sent (with the output when it is kept), quarantined, or retried. */
    public DeliveryOutcome afterSend(Outcome outcome, byte[] output, String outputCharset, Instant now) {
        return switch (outcome.kind()) {
            case SENT -> DeliveryOutcome.sent(messageId, ref, attempts, saveOutput ? output : null, saveOutput ? outputCharset : null);
            case QUARANTINE -> DeliveryOutcome.quarantined(messageId, ref, attempts, outcome.detail());
            case RETRY -> retryOrGiveUp(outcome, now);
        };
    }

    /** A transient failure: again after the back-off, or quarantined once retry.max_attempts is reached. */
    private DeliveryOutcome retryOrGiveUp(Outcome outcome, Instant now) {
        return switch (RetrySchedule.decide(attempts, retry, now, outcome.retryAfter())) {
            case RetryDecision.RetryAt at -> DeliveryOutcome.retry(messageId, ref, attempts, at.nextAttemptAt().toEpochMilli(),
                    outcome.detail());
            case RetryDecision.Quarantine q -> DeliveryOutcome.quarantined(messageId, ref, attempts, outcome.detail() + "; " + q.reason());
        };
    }
}
