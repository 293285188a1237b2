package io.ductus.core.pacing;

/**
 * Work that rests after each of its parts so that it is busy at most {@code share} of the time: after a part
 * that took {@code t}, a rest of {@code t × (1 − share) / share}. A thread that is always runnable takes its
 * core in long stretches, and on a shared machine the scheduler then makes the process's other threads (the
 * event loops, the intake's writer) wait behind it when they wake; one that rests half the time leaves them the
 * core between its parts.
 *
 * @param share of the time busy, above 0 and at most 1 (1: no rest)
 */
public record DutyCycle(double share) {

    /** A text search of the message browser: busy at most half of one core. */
    public static final DutyCycle SCAN = new DutyCycle(0.5);

    public DutyCycle {
        if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("share must be above 0 and at most 1: " + share);
    }

    /** How long to rest after a part that took {@code busyNanos}. */
    public long restAfter(long busyNanos) {
        if (busyNanos <= 0 || share == 1) return 0;
        return Math.round(busyNanos * ((1 - share) / share));
    }
}
