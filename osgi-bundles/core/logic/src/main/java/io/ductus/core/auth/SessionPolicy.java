package io.ductus.core.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a studio session ends on its own: after {@code idle} without a request, and {@code absolute} after
 * sign-in whatever happens. {@code touchEvery} bounds how often a request records that the session was
 * used, so a busy session costs one write a minute, not one per request.
 */
public record SessionPolicy(Duration idle, Duration absolute, Duration touchEvery) {

    public static final SessionPolicy DEFAULT = new SessionPolicy(Duration.ofHours(12), Duration.ofDays(7), Duration.ofMinutes(1));

    /** Why the session is over at {@code now}, or empty while it is live. */
    public Optional<String> expired(Instant createdAt, Instant lastSeenAt, Instant now) {
        if (!now.isBefore(createdAt.plus(absolute))) {
            return Optional.of("the session is older than " + words(absolute) + "; sign in again");
        }
        if (!now.isBefore(lastSeenAt.plus(idle))) {
            return Optional.of("the session was idle for " + words(idle) + "; sign in again");
        }
        return Optional.empty();
    }

    public boolean needsTouch(Instant lastSeenAt, Instant now) {
        return !now.isBefore(lastSeenAt.plus(touchEvery));
    }

    private static String words(Duration d) {
        if (d.toDays() > 0 && d.toHoursPart() == 0) return d.toDays() + (d.toDays() == 1 ? " day" : " days");
        if (d.toHours() > 0 && d.toMinutesPart() == 0) return d.toHours() + (d.toHours() == 1 ? " hour" : " hours");
        return d.toMinutes() + " minutes";
    }
}
