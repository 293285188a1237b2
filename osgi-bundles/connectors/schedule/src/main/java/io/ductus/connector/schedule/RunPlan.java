package io.ductus.connector.schedule;

import java.time.Instant;
import java.util.Optional;

/**
 * What a schedule does at a given moment. Pure: the time, the last saved run and whether the previous
 * run's message is still pending all come in as arguments.
 *
 * <ul>
 *   <li>The first run due at start follows the last run saved; when that was long ago, the runs missed
 *       while the engine was down are due at once, and {@link #decide} collapses them into one run.</li>
 *   <li>A run whose time has come is skipped while the previous run's message is still pending, so a
 *       slow or blocked destination never piles up runs; the next one is due at its usual time.</li>
 * </ul>
 */
final class RunPlan {

    private RunPlan() {
    }

    /** What to do once a run's time has come. */
    sealed interface Decision permits Run, Skip {
        /** The time the run stands for. */
        Instant scheduledAt();

        /** When the run after it is due. */
        Instant nextDue();
    }

    /**
     * Make the run: store one message for {@code scheduledAt}.
     *
     * @param missedFrom the first run missed when several collapsed into this one, else empty
     */
    record Run(Instant scheduledAt, Instant nextDue, Optional<Instant> missedFrom) implements Decision {
    }

    /** Skip the run, because the previous run's message is still pending. */
    record Skip(Instant scheduledAt, Instant nextDue) implements Decision {
    }

    /** When the first run is due: after the last saved run, or as the timing starts when none was saved. */
    static Instant firstDue(Timing timing, Optional<Instant> lastScheduled, Instant now) {
        return lastScheduled.map(timing::after).orElseGet(() -> timing.first(now));
    }

    /** Whether a run due at {@code due} is to be decided on now, or its time has not come yet. */
    static boolean isDue(Instant due, Instant now) {
        return !now.isBefore(due);
    }

    /**
     * The decision for the run due at {@code due}, now that its time has come ({@link #isDue}). Every run
     * due up to {@code now} collapses into the latest one.
     *
     * @param previousPending whether a message of an earlier run is still waiting for delivery
     */
    static Decision decide(Timing timing, Instant due, Instant now, boolean previousPending) {
        if (!isDue(due, now)) throw new IllegalArgumentException("the run due at " + due + " is not due at " + now);
        Instant scheduledAt = timing.latest(due, now);
        Instant nextDue = timing.after(scheduledAt);
        if (previousPending) return new Skip(scheduledAt, nextDue);
        return new Run(scheduledAt, nextDue, scheduledAt.isAfter(due) ? Optional.of(due) : Optional.empty());
    }
}
