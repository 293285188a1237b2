package io.ductus.connector.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunPlanTest {

    private static final Timing EVERY_5M = new Timing.Every(Duration.ofMinutes(5));
    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @Test
    void a_new_schedule_runs_at_start() {
        assertThat(RunPlan.firstDue(EVERY_5M, Optional.empty(), T0)).isEqualTo(T0);
    }

    @Test
    void after_a_restart_the_next_run_follows_the_last_saved_one() {
        assertThat(RunPlan.firstDue(EVERY_5M, Optional.of(T0), T0.plusSeconds(60))).isEqualTo(T0.plusSeconds(300));
        assertThat(RunPlan.isDue(T0.plusSeconds(300), T0.plusSeconds(60))).isFalse();
    }

    @Test
    void collapses_missed_runs_into_one_at_start() {
        Instant now = T0.plus(Duration.ofHours(3)).plusSeconds(10); // 36 runs missed while down
        Instant due = RunPlan.firstDue(EVERY_5M, Optional.of(T0), now);

        RunPlan.Decision decision = RunPlan.decide(EVERY_5M, due, now, false);

        assertThat(decision).isInstanceOf(RunPlan.Run.class);
        assertThat(decision.scheduledAt()).isEqualTo(T0.plus(Duration.ofHours(3)));
        assertThat(((RunPlan.Run) decision).missedFrom()).contains(T0.plusSeconds(300));
        assertThat(decision.nextDue()).as("one run, then back on the grid").isEqualTo(T0.plus(Duration.ofHours(3)).plusSeconds(300));
    }

    @Test
    void a_run_on_time_reports_nothing_missed() {
        RunPlan.Decision decision = RunPlan.decide(EVERY_5M, T0, T0, false);

        assertThat(decision).isEqualTo(new RunPlan.Run(T0, T0.plusSeconds(300), Optional.empty()));
    }

    @Test
    void skips_the_run_while_the_previous_message_is_pending_and_waits_for_the_next_time() {
        RunPlan.Decision decision = RunPlan.decide(EVERY_5M, T0, T0.plusSeconds(2), true);

        assertThat(decision).isEqualTo(new RunPlan.Skip(T0, T0.plusSeconds(300)));
    }
}
