package io.ductus.core.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When to try a notification again after a failed attempt: 30 s, doubling up to an hour, for
 * {@link #MAX_ATTEMPTS} attempts in all; then it is given up (and stays visible as failed).
 */
public final class NoticeRetry {

    public static final int MAX_ATTEMPTS = 10;
    static final Duration FIRST = Duration.ofSeconds(30);
    static final Duration LONGEST = Duration.ofHours(1);

    private NoticeRetry() {
    }

    /**
     * @param attempts the attempts made, the failed one included
     * @return when to try again, or empty to give up
     */
    public static Optional<Instant> next(int attempts, Instant now) {
        if (attempts >= MAX_ATTEMPTS) return Optional.empty();
        long seconds = FIRST.toSeconds() << Math.min(attempts - 1, 20);
        return Optional.of(now.plus(Duration.ofSeconds(Math.min(seconds, LONGEST.toSeconds()))));
    }
}
