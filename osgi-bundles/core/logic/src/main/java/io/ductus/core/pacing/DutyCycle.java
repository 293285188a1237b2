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

    /**
     * A text search of the message browser: busy at most a quarter of one core. Half was not enough: a niced scan
     * on a shared machine already got only about half a core, so resting as long as each part took changed little,
     * and beside eight searches the engine's process used 9–11 s of CPU in 20 s against 2 s alone, more than its
     * share of two busy cores: the intake's threads, waking, waited for the process's turn (IntakeUnderLoadTest's
     * p99 failed 2 runs of 12 at a load of 10–12).
     */
    public static final DutyCycle SCAN = new DutyCycle(0.25);

    public DutyCycle {
        if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("share must be above 0 and at most 1: " + share);
    }

    /** How long to rest after a part that took {@code busyNanos}. */
    public long restAfter(long busyNanos) {
        if (busyNanos <= 0 || share == 1) return 0;
        return Math.round(busyNanos * ((1 - share) / share));
    }
}
