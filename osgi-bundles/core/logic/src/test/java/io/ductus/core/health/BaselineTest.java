package io.ductus.core.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class BaselineTest {

    @Test
    void hours_of_the_week_start_on_monday_at_midnight_local() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        assertThat(Baseline.hourOfWeek(Instant.parse("2026-12-06T23:30:00Z"), berlin)).isZero(); // Monday 00:30 in Berlin
        assertThat(Baseline.hourOfWeek(Instant.parse("2026-12-06T22:30:00Z"), berlin)).isEqualTo(167);
    }

    @Test
    void the_first_hour_sets_the_value_and_later_ones_move_it_thirty_percent() {
        Baseline b = Baseline.EMPTY.learn(10, new Baseline.HourSample(60, 600, 600, 600 * 4_000_000L));
        assertThat(b.normal(10).inPerMinute()).isEqualTo(10.0);
        assertThat(b.normal(10).sendMillis()).isEqualTo(4.0);
        Baseline later = b.learn(10, new Baseline.HourSample(60, 1200, 0, 0));
        assertThat(later.normal(10).inPerMinute()).isCloseTo(13.0, within(1e-9));
        assertThat(later.normal(10).sendMillis()).isEqualTo(4.0);
        assertThat(later.normal(11).inPerMinute()).isNaN();
    }

    @Test
    void an_hour_watched_too_briefly_is_not_learned() {
        assertThat(Baseline.EMPTY.learn(3, new Baseline.HourSample(14, 100, 1, 1))).isSameAs(Baseline.EMPTY);
    }

    @Test
    void it_is_stored_as_text_and_read_back_and_garbage_reads_as_empty() {
        Baseline b = Baseline.EMPTY.learn(5, new Baseline.HourSample(30, 90, 9, 90_000_000));
        Baseline read = Baseline.fromText(b.toText());
        assertThat(read.normal(5).inPerMinute()).isEqualTo(3.0);
        assertThat(read.normal(5).sendMillis()).isEqualTo(10.0);
        assertThat(Baseline.fromText("1,2|3")).isEqualTo(Baseline.EMPTY);
        assertThat(Baseline.fromText(null)).isEqualTo(Baseline.EMPTY);
    }
}
