package io.ductus.client.events;

import java.time.Duration;

/**
 * How long to wait before the next attempt to reconnect: the engine's {@code retry:} for the first, then
 * doubling up to a ceiling, so a server that is gone for a while is asked a few times a minute, not hammered.
 */
public record Backoff(Duration first, Duration ceiling) {

    public static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(30));

    /** The wait after {@code failures} attempts in a row that failed (1 for the first failure). */
    public Duration after(int failures) {
        if (failures <= 1) return first;
        long millis = first.toMillis();
        for (int i = 1; i < failures && millis < ceiling.toMillis(); i++) millis *= 2;
        return Duration.ofMillis(Math.min(millis, ceiling.toMillis()));
    }

    /** The same ceiling with another first wait (the engine's retry: field). */
    public Backoff startingAt(Duration newFirst) {
        return new Backoff(newFirst, ceiling);
    }
}
