package io.ductus.core.project;

import java.util.OptionalInt;

/**
 * A destination's retry setting.
 *
 * @param maxAttempts after this many failed attempts the message is quarantined; empty: retry forever
 */
public record Retry(OptionalInt maxAttempts) {

    public static final Retry FOREVER = new Retry(OptionalInt.empty());

    public Retry {
        if (maxAttempts.isPresent() && maxAttempts.getAsInt() < 1) throw new IllegalArgumentException("maxAttempts must be ≥ 1");
    }

    public static Retry atMost(int attempts) {
        return new Retry(OptionalInt.of(attempts));
    }
}
