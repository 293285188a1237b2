package io.ductus.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.health.Expectations.ActiveBy;
import io.ductus.core.health.Expectations.ActiveWithin;
import io.ductus.core.health.Expectations.Behind;
import io.ductus.core.time.CronSchedule;
import io.ductus.core.time.DaySet;
import io.ductus.core.time.Deadline;
import io.ductus.core.time.LocalWindow;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpectationCheckTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");
    /** Local times of the test clock; 2026-12-07 is a Monday. */
    private static Instant at(String local) {
        return local == null ? null : LocalDateTime.parse(local).atZone(ZONE).toInstant();
    }

    private static final Instant WATCHED_LONG = at("2026-11-01T00:00");

    @ParameterizedTest(name = "every 30m, last {0}, now {1}: silent={2}")
    @CsvSource(textBlock = """
            # last received,    now,               silent
              2026-12-07T09:31, 2026-12-07T10:00,  false
              2026-12-07T09:29, 2026-12-07T10:00,  true
                              , 2026-12-07T10:00,  true
            """)
    void active_within_counts_from_the_last_message(String last, String now, boolean silent) {
        ActiveWithin every30 = new ActiveWithin(Duration.ofMinutes(30), Optional.empty());
        assertThat(ExpectationCheck.within(every30, at(last), WATCHED_LONG, at(now), ZONE).isPresent()).isEqualTo(silent);
    }

    @ParameterizedTest(name = "every 30m 07:00-19:00 mon-fri, last {0}, now {1}: silent={2}")
    @CsvSource(textBlock = """
            # last received,    now,               silent
              2026-12-04T18:50, 2026-12-07T07:29,  false
              2026-12-04T18:50, 2026-12-07T07:31,  true
              2026-12-04T18:50, 2026-12-06T12:00,  false
              2026-12-07T06:55, 2026-12-07T07:20,  false
              2026-12-07T12:00, 2026-12-07T20:00,  false
            """)
    void active_within_hours_counts_only_inside_them(String last, String now, boolean silent) {
        ActiveWithin working = new ActiveWithin(Duration.ofMinutes(30),
                Optional.of(LocalWindow.parse("07:00-19:00", DaySet.parse("mon-fri"))));
        assertThat(ExpectationCheck.within(working, at(last), WATCHED_LONG, at(now), ZONE).isPresent()).isEqualTo(silent);
    }

    @Test
    void silence_before_the_engine_watched_does_not_count() {
        ActiveWithin every30 = new ActiveWithin(Duration.ofMinutes(30), Optional.empty());
        assertThat(ExpectationCheck.within(every30, at("2026-12-01T00:00"), at("2026-12-07T09:50"), at("2026-12-07T10:00"), ZONE))
                .isEmpty();
        assertThat(ExpectationCheck.within(every30, null, at("2026-12-07T09:00"), at("2026-12-07T10:00"), ZONE))
                .contains("nothing received for 1 h (expected at least every 30 min)");
    }

    @ParameterizedTest(name = "daily 06:30 from {0}, last {1}, now {2}: late={3}")
    @CsvSource(textBlock = """
            # from,   last received,    now,               late
                    , 2026-12-07T02:00, 2026-12-07T07:00,  false
                    , 2026-12-06T23:00, 2026-12-07T07:00,  true
                    , 2026-12-06T23:00, 2026-12-07T06:00,  false
                    , 2026-12-07T06:45, 2026-12-07T07:00,  false
              22:00,  2026-12-06T23:00, 2026-12-07T07:00,  false
              22:00,  2026-12-06T21:00, 2026-12-07T07:00,  true
              04:00,  2026-12-07T03:00, 2026-12-07T07:00,  true
            """)
    void active_by_needs_a_message_in_the_window_before_the_deadline(String from, String last, String now, boolean late) {
        ActiveBy by = new ActiveBy(new Deadline.Daily(LocalTime.of(6, 30)), Optional.ofNullable(from).map(LocalTime::parse));
        assertThat(ExpectationCheck.by(by, at(last), WATCHED_LONG, at(now), ZONE).isPresent()).isEqualTo(late);
    }

    @Test
    void a_missed_deadline_says_which_window_and_a_deadline_before_watching_does_not_count() {
        ActiveBy weekdays = new ActiveBy(new Deadline.Cron(CronSchedule.parse("30 6 * * mon-fri")), Optional.empty());
        assertThat(ExpectationCheck.by(weekdays, null, WATCHED_LONG, at("2026-12-07T08:00"), ZONE))
                .contains("nothing received between Mon 00:00 and the deadline Mon 06:30 (cron 30 6 * * mon-fri)");
        assertThat(ExpectationCheck.by(weekdays, null, at("2026-12-07T07:00"), at("2026-12-07T08:00"), ZONE)).isEmpty();
    }

    @Test
    void behind_by_count_or_by_age() {
        Behind both = new Behind(OptionalLong.of(100), Optional.of(Duration.ofMinutes(10)));
        assertThat(ExpectationCheck.behind(both, 100, Duration.ofSeconds(5))).contains("100 waiting (behind from 100)");
        assertThat(ExpectationCheck.behind(both, 3, Duration.ofMinutes(11)))
                .contains("the oldest of 3 waiting has waited 11 min (behind from 10 min)");
        assertThat(ExpectationCheck.behind(both, 99, Duration.ofMinutes(9))).isEmpty();
        assertThat(ExpectationCheck.behind(new Behind(OptionalLong.empty(), Optional.of(Duration.ofMinutes(1))), 0, null)).isEmpty();
    }
}
