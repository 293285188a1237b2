package io.ductus.core.retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** What to do with a delivery whose attempt failed transiently. */
public sealed interface RetryDecision {

    /**
     * Try the same message again (order kept: its lane waits).
     *
     * @param nextAttemptAt the deliveries row's {@code next_attempt_at}
     * @param delay         how long that is from the failure
     */
    record RetryAt(Instant nextAttemptAt, Duration delay) implements RetryDecision {
        public RetryAt {
            Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
            Objects.requireNonNull(delay, "delay");
        }
    }

    /**
     * Give up on this destination: the message is quarantined for it and its lane moves on.
     *
     * @param reason for last_error
     */
    record Quarantine(String reason) implements RetryDecision {
        public Quarantine {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
