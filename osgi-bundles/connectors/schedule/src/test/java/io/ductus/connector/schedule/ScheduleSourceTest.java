package io.ductus.connector.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Progress;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestClock;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schedule source on the test kit's intake, with a clock the test moves. */
class ScheduleSourceTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final ScheduleSource.Pacing FAST = new ScheduleSource.Pacing(Duration.ofMillis(5), Duration.ofMillis(20));

    @TempDir
    Path tmp;

    private final TestClock clock = new TestClock(T0);
    private final InMemoryIntake intake = new InMemoryIntake();
    private TestConnectorContext context;
    private ScheduleSource source;

    @BeforeEach
    void context() {
        context = new TestConnectorContext("tick", "source", clock, tmp);
    }

    @AfterEach
    void stop() throws Exception {
        intake.release();
        if (source != null) source.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        context.close();
    }

    @Test
    void runs_at_start_and_saves_the_run_time_in_the_same_commit_as_its_message() throws Exception {
        start(new Timing.Every(Duration.ofMinutes(5)));

        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.storedText(StandardCharsets.UTF_8))
                .containsExactly("{\"scheduledAt\":\"2026-11-30T10:00:00Z\",\"firedAt\":\"2026-11-30T10:00:00Z\"}");
        assertThat(intake.commits()).singleElement().satisfies(commit -> {
            assertThat(commit.records()).isEqualTo(1);
            assertThat(commit.progress()).isEqualTo(new Progress("schedule", "scheduled=2026-11-30T10:00:00Z fired=2026-11-30T10:00:00Z"));
        });
    }

    @Test
    void makes_the_next_run_when_the_clock_reaches_it_and_not_before() throws Exception {
        start(new Timing.Every(Duration.ofMinutes(5)));
        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();

        clock.advance(Duration.ofMinutes(4));
        Thread.sleep(100); // twenty looks at the clock: none may run
        assertThat(intake.stored()).hasSize(1);

        clock.advance(Duration.ofMinutes(1).plusSeconds(3));
        assertThat(intake.awaitStored(2, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.storedText(StandardCharsets.UTF_8).get(1))
                .isEqualTo("{\"scheduledAt\":\"2026-11-30T10:05:00Z\",\"firedAt\":\"2026-11-30T10:05:03Z\"}");
    }

    @Test
    void collapses_missed_runs_into_one_at_start() throws Exception {
        intake.saveProgress(new Progress("schedule", "scheduled=2026-11-30T07:00:00Z fired=2026-11-30T07:00:00Z"));
        clock.advance(Duration.ofSeconds(20)); // three hours (36 runs) after the last saved run
        start(new Timing.Every(Duration.ofMinutes(5)));

        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(100);
        assertThat(intake.storedText(StandardCharsets.UTF_8))
                .containsExactly("{\"scheduledAt\":\"2026-11-30T10:00:00Z\",\"firedAt\":\"2026-11-30T10:00:20Z\"}");
        assertThat(context.logLines()).anyMatch(l -> l.contains("runs due from 2026-11-30T07:05:00Z were missed"));
    }

    @Test
    void a_cron_schedule_waits_for_its_first_time() throws Exception {
        start(Timing.CronTimes.parse("0 */15 * * * *", java.time.ZoneOffset.UTC));
        clock.advance(Duration.ofMinutes(14));
        Thread.sleep(100);
        assertThat(intake.stored()).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.storedText(StandardCharsets.UTF_8).get(0)).contains("\"scheduledAt\":\"2026-11-30T10:15:00Z\"");
    }

    @Test
    void skips_a_run_while_the_previous_message_is_pending_and_says_why() throws Exception {
        start(new Timing.Every(Duration.ofMinutes(5)));
        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();
        intake.pendingMessages(true);

        clock.advance(Duration.ofMinutes(5));
        waitUntil(() -> context.statuses().stream().anyMatch(s -> s.contains("skipped the run of 2026-11-30T10:05:00Z")));
        assertThat(context.statuses()).last().asString()
                .isEqualTo("DEGRADED: skipped the run of 2026-11-30T10:05:00Z: the previous run's message is still pending");
        assertThat(intake.stored()).hasSize(1);

        intake.pendingMessages(false);
        clock.advance(Duration.ofMinutes(5));
        assertThat(intake.awaitStored(2, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.storedText(StandardCharsets.UTF_8).get(1)).contains("\"scheduledAt\":\"2026-11-30T10:10:00Z\"");
        waitUntil(() -> context.statuses().getLast().equals("OK: "));
    }

    @Test
    void a_run_that_could_not_be_stored_is_made_once_when_the_store_is_back() throws Exception {
        intake.failNext(2, "database is unavailable");
        start(new Timing.Every(Duration.ofMinutes(5)));

        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(context.statuses()).first().asString().startsWith("DEGRADED: the store cannot be reached")
                .contains("database is unavailable");
        Thread.sleep(100);
        assertThat(intake.stored()).hasSize(1);
        assertThat(intake.submittedCount()).isEqualTo(3);
    }

    @Test
    void a_stopped_schedule_makes_no_more_runs() throws Exception {
        start(new Timing.Every(Duration.ofMinutes(5)));
        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();

        source.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        clock.advance(Duration.ofMinutes(30));
        Thread.sleep(100);

        assertThat(intake.submittedCount()).isEqualTo(1);
    }

    private void start(Timing timing) {
        source = new ScheduleSource(timing, RunMessage.DEFAULT_TEMPLATE, context, FAST);
        source.start(intake);
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 10 s");
            Thread.sleep(5);
        }
    }

}
