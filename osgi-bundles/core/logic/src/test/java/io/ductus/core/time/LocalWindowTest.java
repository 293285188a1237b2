package io.ductus.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LocalWindowTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static Instant local(String text) {
        return LocalDateTime.parse(text).atZone(BERLIN).toInstant();
    }

    @ParameterizedTest(name = "{0} on {1} at {2}: {3}")
    @CsvSource(textBlock = """
            # hours,       days,      now (local),         start (local) or empty
              07:00-19:00, mon-fri,   2026-12-07T07:00,    2026-12-07T07:00
              07:00-19:00, mon-fri,   2026-12-07T18:59,    2026-12-07T07:00
              07:00-19:00, mon-fri,   2026-12-07T19:00,
              07:00-19:00, mon-fri,   2026-12-06T10:00,
              22:00-07:00, every day, 2026-12-07T23:30,    2026-12-07T22:00
              22:00-07:00, every day, 2026-12-08T06:59,    2026-12-07T22:00
              22:00-07:00, every day, 2026-12-08T07:00,
              22:00-07:00, mon-fri,   2026-12-12T06:00,    2026-12-11T22:00
              22:00-07:00, mon-fri,   2026-12-13T06:00,
              00:00-00:00, 'sat,sun', 2026-12-12T13:00,    2026-12-12T00:00
            """)
    void a_window_knows_when_its_current_occurrence_began(String hours, String days, String now, String start) {
        LocalWindow window = LocalWindow.parse(hours, DaySet.parse(days));
        assertThat(window.start(local(now), BERLIN)).isEqualTo(Optional.ofNullable(start).map(LocalWindowTest::local));
    }

    @Test
    void a_window_across_midnight_ends_the_next_morning() {
        LocalWindow quiet = LocalWindow.parse("22:00-07:00", DaySet.EVERY_DAY);
        assertThat(quiet.end(local("2026-12-07T23:30"), BERLIN)).contains(local("2026-12-08T07:00"));
        assertThat(quiet.end(local("2026-12-07T12:00"), BERLIN)).isEmpty();
    }

    @Test
    void days_are_read_as_ranges_lists_and_words() {
        assertThat(DaySet.parse("mon-wed, fri").days()).containsExactlyInAnyOrder(DayOfWeek.MONDAY, DayOfWeek.TUESDAY,
                DayOfWeek.WEDNESDAY, DayOfWeek.FRIDAY);
        assertThat(DaySet.parse("fri-mon").days()).containsExactlyInAnyOrder(DayOfWeek.FRIDAY, DayOfWeek.SATURDAY,
                DayOfWeek.SUNDAY, DayOfWeek.MONDAY);
        assertThat(DaySet.parse("Every day")).isEqualTo(DaySet.EVERY_DAY);
        assertThatThrownBy(() -> DaySet.parse("mon-fry")).hasMessageContaining("expected days such as mon-fri");
    }

    @Test
    void bad_hours_say_what_was_expected() {
        assertThatThrownBy(() -> LocalWindow.parse("7-19", DaySet.EVERY_DAY)).hasMessageContaining("a time such as 07:00");
        assertThatThrownBy(() -> LocalWindow.parse("07:00", DaySet.EVERY_DAY)).hasMessageContaining("hours such as 07:00-19:00");
    }
}
