package io.ductus.connector.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TimingTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @Test
    void every_runs_at_once_and_then_each_interval_after_the_previous_run() {
        Timing every = new Timing.Every(Duration.ofMinutes(5));

        assertThat(every.first(T0)).isEqualTo(T0);
        assertThat(every.after(T0)).isEqualTo(T0.plusSeconds(300));
    }

    @ParameterizedTest(name = "due 10:05, now {0} -> {1}")
    @CsvSource(textBlock = """
            2026-11-30T10:05:00Z, 2026-11-30T10:05:00Z
            2026-11-30T10:09:59Z, 2026-11-30T10:05:00Z
            2026-11-30T10:10:00Z, 2026-11-30T10:10:00Z
            2026-11-30T13:07:30Z, 2026-11-30T13:05:00Z
            """)
    void every_keeps_its_grid_when_missed_runs_collapse(Instant now, Instant latest) {
        Timing every = new Timing.Every(Duration.ofMinutes(5));

        assertThat(every.latest(T0.plusSeconds(300), now)).isEqualTo(latest);
    }

    @Test
    void cron_waits_for_its_next_time() {
        Timing cron = Timing.CronTimes.parse("0 */15 * * * *", ZoneOffset.UTC);

        assertThat(cron.first(Instant.parse("2026-11-30T10:07:13Z"))).isEqualTo(Instant.parse("2026-11-30T10:15:00Z"));
        assertThat(cron.after(Instant.parse("2026-11-30T10:15:00Z"))).isEqualTo(Instant.parse("2026-11-30T10:30:00Z"));
    }

    @ParameterizedTest(name = "due 10:15, now {0} -> {1}")
    @CsvSource(textBlock = """
            2026-11-30T10:15:00Z, 2026-11-30T10:15:00Z
            2026-11-30T10:29:59Z, 2026-11-30T10:15:00Z
            2026-11-30T10:30:00Z, 2026-11-30T10:30:00Z
            2026-12-02T08:44:00Z, 2026-12-02T08:30:00Z
            """)
    void cron_collapses_missed_runs_into_the_latest_time_not_after_now(Instant now, Instant latest) {
        Timing cron = Timing.CronTimes.parse("0 */15 * * * *", ZoneOffset.UTC);

        assertThat(cron.latest(Instant.parse("2026-11-30T10:15:00Z"), now)).isEqualTo(latest);
    }

    @Test
    void cron_times_are_read_in_the_time_zone_across_a_daylight_saving_change() {
        Timing cron = Timing.CronTimes.parse("0 0 2 * * *", ZoneId.of("Europe/Berlin"));

        // Winter: 02:00 in Berlin is 01:00 UTC; summer (after 29 March 2026): 00:00 UTC.
        assertThat(cron.after(Instant.parse("2026-03-27T12:00:00Z"))).isEqualTo(Instant.parse("2026-03-28T01:00:00Z"));
        assertThat(cron.after(Instant.parse("2026-03-29T12:00:00Z"))).isEqualTo(Instant.parse("2026-03-30T00:00:00Z"));
    }

    @Test
    void a_malformed_cron_expression_is_refused_with_the_expected_shape() {
        assertThatThrownBy(() -> Timing.CronTimes.parse("*/15 * * * *", ZoneOffset.UTC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("six fields");
    }

    @Test
    void a_cron_expression_that_never_comes_is_refused() {
        assertThatThrownBy(() -> Timing.CronTimes.parse("0 0 0 30 2 *", ZoneOffset.UTC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names no time that ever comes");
    }
}
