package io.ductus.core.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetentionRulesTest {

    @Test
    void windows_are_whole_weeks_written_as_1w_3w_7w() {
        assertThat(Window.parse("1w").days()).isEqualTo(7);
        assertThat(Window.parse(" 3W ").days()).isEqualTo(21);
        assertThat(Window.parse("7w").days()).isEqualTo(49);
        assertThat(Window.ofDays(21)).isEqualTo(Window.THREE_WEEKS);
        assertThat(Window.DEFAULT).isEqualTo(Window.SEVEN_WEEKS);
        assertThatThrownBy(() -> Window.parse("30d")).hasMessageContaining("1w, 3w, 7w").hasMessageContaining("'30d'");
    }

    @Test
    void a_window_cuts_off_exactly_its_days_before_now() {
        long now = 100L * 86_400_000L;
        assertThat(Window.ONE_WEEK.cutoff(now)).isEqualTo(93L * 86_400_000L);
    }

    @Test
    void audit_rows_are_kept_whole_years_at_least_one() {
        assertThat(KeepYears.parse("6y")).isEqualTo(new KeepYears(6));
        assertThat(KeepYears.parse("10 y").word()).isEqualTo("10y");
        assertThat(KeepYears.parse("1y").cutoff(400L * 86_400_000L)).isEqualTo(35L * 86_400_000L);
        assertThatThrownBy(() -> KeepYears.parse("0y")).hasMessageContaining("at least 1y");
        assertThatThrownBy(() -> KeepYears.parse("6 months")).hasMessageContaining("whole years");
    }

    @Test
    void a_shorter_window_waits_for_confirmation_and_a_longer_one_applies_at_once() {
        assertThat(Change.of(Optional.empty(), Window.ONE_WEEK)).isEqualTo(Change.NEW);
        assertThat(Change.of(Optional.of(Window.ONE_WEEK), Window.THREE_WEEKS)).isEqualTo(Change.LONGER);
        assertThat(Change.of(Optional.of(Window.SEVEN_WEEKS), Window.THREE_WEEKS)).isEqualTo(Change.WAITS_FOR_CONFIRMATION);
        assertThat(Change.of(Optional.of(Window.THREE_WEEKS), Window.THREE_WEEKS)).isEqualTo(Change.NONE);
        assertThat(Change.NEW.appliesAtOnce()).isTrue();
        assertThat(Change.LONGER.appliesAtOnce()).isTrue();
        assertThat(Change.WAITS_FOR_CONFIRMATION.appliesAtOnce()).isFalse();
    }

    @Test
    void a_purge_sizes_its_batches_to_hold_the_writer_a_few_milliseconds_and_rests_as_long_as_it_worked() {
        Pacing pacing = new Pacing();
        assertThat(pacing.batch()).isEqualTo(Pacing.FIRST_BATCH);
        assertThat(pacing.took(10_000_000L, 100)).as("rests as long as it worked").isEqualTo(10_000_000L);
        assertThat(pacing.batch()).as("100 µs a message: 40 make 4 ms").isEqualTo(40);
        for (int i = 0; i < 50; i++) pacing.took(2_000_000L, 1000); // 2 µs a message
        assertThat(pacing.batch()).isEqualTo(Pacing.MAX_BATCH);
        assertThat(pacing.took(100_000L, 10)).isEqualTo(Pacing.MIN_REST_NANOS);
    }

    @Test
    void one_slow_batch_does_not_shrink_the_next_ones_to_nothing() {
        Pacing pacing = new Pacing();
        for (int i = 0; i < 50; i++) pacing.took(4_000_000L, 400); // 10 µs a message: batches of 400
        assertThat(pacing.batch()).isEqualTo(400);
        pacing.took(60_000_000L, 400); // a busy moment: 150 µs a message once
        assertThat(pacing.batch()).as("smoothed").isGreaterThan(80);
        for (int i = 0; i < 20; i++) pacing.took(400 * 10_000L, 400);
        assertThat(pacing.batch()).isBetween(390, 410);
        for (int i = 0; i < 50; i++) pacing.took(1_000_000_000L, 10); // a crawl: the smallest batch
        assertThat(pacing.batch()).isEqualTo(Pacing.MIN_BATCH);
    }
}
