package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Scheduler;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A context on a test clock runs what was scheduled when the clock passes its time, in time order, and nothing sooner. */
class TestClockSchedulerTest {

    private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
    private final TestConnectorContext context = TestConnectorContext.onTestClock("i", "c", clock, Path.of("."));
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @Test
    void runs_tasks_when_the_clock_reaches_them_in_time_order() {
        Scheduler scheduler = context.scheduler();
        scheduler.schedule(Duration.ofHours(2), () -> ran.add("two hours"));
        scheduler.schedule(Duration.ofMinutes(1), () -> ran.add("a minute"));
        assertThat(ran).isEmpty();
        clock.advance(Duration.ofSeconds(59));
        assertThat(ran).isEmpty();
        clock.advance(Duration.ofHours(3));
        assertThat(ran).containsExactly("a minute", "two hours");
    }

    @Test
    void a_repeating_task_runs_once_per_period_that_passed_and_stops_when_cancelled() {
        Scheduler.Cancellable every = context.scheduler().scheduleEvery(Duration.ZERO, Duration.ofMinutes(5), () -> ran.add("tick"));
        assertThat(ran).containsExactly("tick"); // due at once
        clock.advance(Duration.ofMinutes(11));
        assertThat(ran).hasSize(3);
        every.cancel();
        clock.advance(Duration.ofHours(1));
        assertThat(ran).hasSize(3);
    }

    @Test
    void a_task_scheduled_by_a_task_runs_when_its_own_time_comes() {
        context.scheduler().schedule(Duration.ofMinutes(1), () -> {
            ran.add("first");
            context.scheduler().schedule(Duration.ofMinutes(1), () -> ran.add("second"));
        });
        clock.advance(Duration.ofMinutes(1));
        assertThat(ran).containsExactly("first");
        clock.advance(Duration.ofMinutes(1));
        assertThat(ran).containsExactly("first", "second");
    }
}
