package io.ductus.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeadlineTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static Instant local(String text) {
        return LocalDateTime.parse(text).atZone(BERLIN).toInstant();
    }

    @ParameterizedTest(name = "cron {0} at {1} -> {2}")
    @CsvSource(textBlock = """
            # expression,         now (local, 2026-12-07 is a Monday), latest at or before
              30 6 * * *,         2026-12-07T06:30, 2026-12-07T06:30
              30 6 * * *,         2026-12-07T06:29, 2026-12-06T06:30
              30 6 * * mon-fri,   2026-12-07T05:00, 2026-12-04T06:30
              */15 * * * *,       2026-12-07T10:44, 2026-12-07T10:30
              0 8-17/3 * * *,     2026-12-07T16:59, 2026-12-07T14:00
              0 0 1 * *,          2026-12-07T12:00, 2026-12-01T00:00
              0 12 1 * mon,       2026-12-07T13:00, 2026-12-07T12:00
              0 12 13 * 0,        2026-12-10T00:00, 2026-12-06T12:00
              59 23 29 feb *,     2026-12-07T00:00, 2024-02-29T23:59
              '0 9 * jan,jul 7',  2026-12-07T00:00, 2026-07-26T09:00
            """)
    void a_cron_deadline_is_the_latest_time_it_names(String expression, String now, String expected) {
        Deadline cron = new Deadline.Cron(CronSchedule.parse(expression));
        assertThat(cron.latestAtOrBefore(local(now), BERLIN)).contains(local(expected));
    }

    @Test
    void daily_and_weekly_deadlines_count_back_to_the_last_one() {
        Deadline daily = new Deadline.Daily(LocalTime.of(6, 30));
        assertThat(daily.latestAtOrBefore(local("2026-12-07T06:30"), BERLIN)).contains(local("2026-12-07T06:30"));
        assertThat(daily.latestAtOrBefore(local("2026-12-07T06:00"), BERLIN)).contains(local("2026-12-06T06:30"));
        Deadline weekly = Deadline.Weekly.parse("wed 09:00");
        assertThat(weekly.latestAtOrBefore(local("2026-12-09T09:00"), BERLIN)).contains(local("2026-12-09T09:00"));
        assertThat(weekly.latestAtOrBefore(local("2026-12-09T08:00"), BERLIN)).contains(local("2026-12-02T09:00"));
    }

    @Test
    void a_deadline_in_a_daylight_saving_gap_is_not_after_now() {
        // 2026-03-29 02:30 does not exist in Berlin; at 02:59 UTC+1 the latest 02:30 must be the day before's.
        Deadline daily = new Deadline.Cron(CronSchedule.parse("30 2 * * *"));
        Instant now = Instant.parse("2026-03-29T00:59:00Z");
        assertThat(daily.latestAtOrBefore(now, BERLIN).orElseThrow()).isBefore(now);
    }

    @Test
    void a_bad_cron_expression_names_the_part_that_is_wrong() {
        assertThatThrownBy(() -> CronSchedule.parse("61 * * * *")).hasMessageContaining("'61' is not a value from 0 to 59");
        assertThatThrownBy(() -> CronSchedule.parse("0 6 * *")).hasMessageContaining("five fields");
        assertThatThrownBy(() -> CronSchedule.parse("0 6 * * fri-mon")).hasMessageContaining("goes backwards");
    }
}
