package io.ductus.core.retry;

import io.ductus.core.project.Retry;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What happens after a delivery attempt failed transiently: try again after a back-off (1 s doubling to
 * a 60 s cap) or, when {@code retry.max_attempts} is used up, quarantine. A pure function of its
 * arguments; the worker passes in {@code now}.
 */
public final class RetrySchedule {

    public static final Duration FIRST_DELAY = Duration.ofSeconds(1);
    public static final Duration MAX_DELAY = Duration.ofSeconds(60);

    private RetrySchedule() {
    }

    /**
     * The back-off after the given number of failed attempts: 1 s after the first, 2 s after the second,
     * then 4, 8, 16, 32 and 60 s from the seventh on.
     */
    public static Duration delayAfter(int failedAttempts) {
        if (failedAttempts < 1) throw new IllegalArgumentException("failedAttempts counts from 1, got " + failedAttempts);
        // 2^6 s already passes the cap; stopping there also keeps the shift from overflowing.
        if (failedAttempts > 6) return MAX_DELAY;
        Duration delay = FIRST_DELAY.multipliedBy(1L << (failedAttempts - 1));
        return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
    }

    /** Decides after a transient failure with a destination's {@code retry:} setting; see the other overload. */
    public static RetryDecision decide(int failedAttempts, Retry retry, Instant now, Optional<Duration> retryAfter) {
        return decide(failedAttempts, retry.maxAttempts(), now, retryAfter);
    }

    /**
     * Decides after a transient failure.
     *
     * @param failedAttempts how many attempts have failed, this one included (≥ 1)
     * @param maxAttempts    the destination's {@code retry.max_attempts}; empty: retry forever
     * @param now            when the attempt failed
     * @param retryAfter     how long the destination asked to wait (HTTP Retry-After), if it did; it wins when longer
     */
    public static RetryDecision decide(int failedAttempts, OptionalInt maxAttempts, Instant now, Optional<Duration> retryAfter) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(retryAfter, "retryAfter");
        if (maxAttempts.isPresent() && failedAttempts >= maxAttempts.getAsInt()) {
            return new RetryDecision.Quarantine("gave up after " + failedAttempts + " failed attempt"
                    + (failedAttempts == 1 ? "" : "s") + " (retry.max_attempts: " + maxAttempts.getAsInt() + ")");
        }
        Duration delay = delayAfter(failedAttempts);
        if (retryAfter.isPresent() && retryAfter.get().compareTo(delay) > 0) delay = retryAfter.get();
        return new RetryDecision.RetryAt(now.plus(delay), delay);
    }
}
