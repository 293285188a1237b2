package io.ductus.connector.schedule;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Scheduler;
import io.ductus.sdk.Source;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * Makes the schedule's runs: each run stores one message together with the run's time as the source's
 * progress, in one transaction. Time comes only from the context's clock and waiting only from its
 * scheduler; the clock is read again at least every {@link Pacing#recheck()}, so a clock that jumps (or
 * a test's clock) is followed. The work of a run (store reads and the commit) happens on a virtual
 * thread, never on the scheduler's. What to do at each moment is {@link RunPlan}'s decision.
 */
final class ScheduleSource implements Source {

    /**
     * How the source paces itself.
     *
     * @param recheck the longest wait before the clock is read again
     * @param retry   the wait before trying again when the store could not be read or written
     */
    record Pacing(Duration recheck, Duration retry) {
        static final Pacing DEFAULT = new Pacing(Duration.ofSeconds(1), Duration.ofSeconds(5));
    }

    private final Timing timing;
    private final String template;
    private final ConnectorContext context;
    private final Pacing pacing;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private final Object lock = new Object();
    private Intake intake;
    // guarded by lock:
    private boolean stopping;
    private boolean working;
    private Scheduler.Cancellable wake;
    // used only by the one step running at a time:
    private Instant due; // null until the saved progress was read
    private String reported = "";

    ScheduleSource(Timing timing, String template, ConnectorContext context, Pacing pacing) {
        this.timing = timing;
        this.template = template;
        this.context = context;
        this.pacing = pacing;
    }

    @Override
    public void start(Intake intake) {
        this.intake = intake;
        context.log().info("schedule " + timing);
        wakeAfter(Duration.ZERO);
    }

    @Override
    public CompletionStage<Void> stop() {
        synchronized (lock) {
            stopping = true;
            if (wake != null) wake.cancel();
            if (!working) stopped.complete(null);
        }
        return stopped;
    }

    /** Schedules the next step; the scheduler's thread only starts it on a virtual thread. */
    private void wakeAfter(Duration delay) {
        synchronized (lock) {
            if (stopping) {
                stopped.complete(null);
                return;
            }
            wake = context.scheduler().schedule(delay, () -> {
                synchronized (lock) {
                    if (stopping) return;
                    working = true;
                }
                Thread.ofVirtual().name("schedule-" + context.interfaceName()).start(this::step);
            });
        }
    }

    /** One look at the clock: wait, skip or make the run that is due; then schedules the next look. */
    private void step() {
        Duration next = pacing.retry();
        try {
            next = stepOnce();
        } catch (IntakeException e) {
            report(ConnectorStatus.DEGRADED, "the store cannot be reached, trying again in " + pacing.retry().toSeconds()
                    + "s: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            context.log().error("the schedule failed; trying again in " + pacing.retry().toSeconds() + "s", e);
            report(ConnectorStatus.FAILED, "the schedule failed: " + e);
        } finally {
            synchronized (lock) {
                working = false;
            }
            wakeAfter(next);
        }
    }

    /** Returns how long to wait before the next look. */
    private Duration stepOnce() throws InterruptedException {
        synchronized (lock) {
            if (stopping) return Duration.ZERO;
        }
        Instant now = context.clock().instant();
        if (due == null) due = firstDue(now);
        if (!RunPlan.isDue(due, now)) return shorter(Duration.between(now, due), pacing.recheck());
        RunPlan.Decision decision = RunPlan.decide(timing, due, now, intake.hasPendingMessages());
        switch (decision) {
            case RunPlan.Skip skip -> {
                String why = "skipped the run of " + skip.scheduledAt() + ": the previous run's message is still pending";
                context.log().warn(why);
                report(ConnectorStatus.DEGRADED, why);
            }
            case RunPlan.Run run -> {
                store(run, now);
                run.missedFrom().ifPresent(from -> context.log().info("runs due from " + from + " were missed;"
                        + " they collapsed into the run of " + run.scheduledAt()));
                report(ConnectorStatus.OK, "");
            }
        }
        due = decision.nextDue();
        return shorter(Duration.between(context.clock().instant(), due), pacing.recheck());
    }

    /** The first run due, after the run saved last (read from the store on the first step, never in start()). */
    private Instant firstDue(Instant now) {
        Optional<String> saved = intake.savedProgress(ScheduleProgress.KEY);
        Optional<ScheduleProgress> last = saved.flatMap(ScheduleProgress::decode);
        if (saved.isPresent() && last.isEmpty()) context.log().warn("saved progress not understood, starting anew: " + saved.get());
        Instant first = RunPlan.firstDue(timing, last.map(ScheduleProgress::scheduledAt), now);
        context.log().info(last.map(p -> "last run " + p.scheduledAt() + "; ").orElse("no run made yet; ") + "next run due " + first);
        return first;
    }

    /** Stores the run's message and the run as progress in one transaction; waits for the commit. */
    private void store(RunPlan.Run run, Instant firedAt) throws InterruptedException {
        InboundMessage message = InboundMessage.of(RunMessage.render(template, run.scheduledAt(), firedAt))
                .withCharset(StandardCharsets.UTF_8)
                .withOrigin(Map.of("schedule", timing.toString(), "scheduledAt", run.scheduledAt().toString()));
        Progress progress = new Progress(ScheduleProgress.KEY, new ScheduleProgress(run.scheduledAt(), firedAt).encode());
        try {
            intake.submitBatch(List.of(message), progress).toCompletableFuture().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IntakeException failure) throw failure;
            throw new IntakeException("storing the run failed: " + e.getCause(), e.getCause());
        }
    }

    private void report(ConnectorStatus status, String detail) {
        String text = status + ": " + detail;
        if (text.equals(reported)) return;
        reported = text;
        context.statusChanged(status, detail);
    }

    private static Duration shorter(Duration a, Duration b) {
        Duration shorter = a.compareTo(b) < 0 ? a : b;
        return shorter.isNegative() ? Duration.ZERO : shorter;
    }
}
