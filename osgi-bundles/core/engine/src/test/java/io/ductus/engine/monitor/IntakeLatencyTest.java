package io.ductus.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How long senders wait for intake: a stalled submission shows while it lasts, a slow one for a window after. */
class IntakeLatencyTest {

    private final IntakeLatency latency = new IntakeLatency();

    @Test
    void a_submission_still_storing_shows_its_age() {
        Object s = latency.started(1_000);
        assertThat(latency.lagMillis(1_500)).isEqualTo(500);
        assertThat(latency.lagMillis(9_000)).as("a stalled intake finishes nothing: only its age shows it").isEqualTo(8_000);
        assertThat(latency.finished(s, 9_100)).isEqualTo(8_100);
    }

    @Test
    void the_slowest_recent_submission_shows_for_one_to_two_windows_then_is_forgotten() {
        long t = IntakeLatency.WINDOW_MS * 10;
        latency.finished(latency.started(t), t + 3_000);
        latency.finished(latency.started(t + 3_000), t + 3_010);
        assertThat(latency.lagMillis(t + 3_020)).isEqualTo(3_000);
        assertThat(latency.lagMillis(t + IntakeLatency.WINDOW_MS + 1)).as("the window before still counts").isEqualTo(3_000);
        assertThat(latency.lagMillis(t + 2 * IntakeLatency.WINDOW_MS + 1)).isZero();
    }

    @Test
    void nothing_known_is_no_lag() {
        assertThat(latency.lagMillis(5_000)).isZero();
    }
}
