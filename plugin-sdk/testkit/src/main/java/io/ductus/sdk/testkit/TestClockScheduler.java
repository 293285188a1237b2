package io.ductus.sdk.testkit;

import io.ductus.sdk.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A scheduler on a {@link TestClock}: a task runs when the test advances the clock to its time (or at
 * once when its delay is not positive), on the thread that advances it, in the order the tasks fell due. A
 * repeating task is due again one period later (of the test clock).
 */
final class TestClockScheduler implements Scheduler {

    private final class Task implements Cancellable {
        final Runnable work;
        final Duration period; // null: once
        Instant due;
        volatile boolean cancelled;

        Task(Runnable work, Instant due, Duration period) {
            this.work = work;
            this.due = due;
            this.period = period;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    private final TestClock clock;
    private final PriorityQueue<Task> waiting = new PriorityQueue<>(Comparator.comparing((Task t) -> t.due));

    TestClockScheduler(TestClock clock) {
        this.clock = clock;
        clock.onAdvance(this::runDue);
    }

    @Override
    public Cancellable schedule(Duration delay, Runnable task) {
        return add(new Task(task, clock.instant().plus(delay), null));
    }

    @Override
    public Cancellable scheduleEvery(Duration initialDelay, Duration period, Runnable task) {
        if (!period.isPositive()) throw new IllegalArgumentException("a period must be positive: " + period);
        return add(new Task(task, clock.instant().plus(initialDelay), period));
    }

    private Task add(Task task) {
        synchronized (waiting) {
            waiting.add(task);
        }
        if (!task.due.isAfter(clock.instant())) runDue();
        return task;
    }

    /** Runs every task due by now, each once per time it fell due. */
    private void runDue() {
        while (true) {
            Task next;
            synchronized (waiting) {
                next = waiting.peek();
                if (next == null || next.due.isAfter(clock.instant())) return;
                waiting.poll();
                if (next.cancelled) continue;
                if (next.period != null) {
                    next.due = next.due.plus(next.period);
                    waiting.add(next);
                }
            }
            next.work.run();
        }
    }
}
