package io.ductus.core.pacing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DutyCycleTest {

    @Test
    void a_scan_rests_three_times_as_long_as_each_part_took_so_it_is_busy_a_quarter_of_the_time() {
        assertThat(DutyCycle.SCAN.restAfter(2_000_000)).isEqualTo(6_000_000);
    }

    @Test
    void a_half_share_rests_as_long_as_the_part() {
        assertThat(new DutyCycle(0.5).restAfter(3_000_000)).isEqualTo(3_000_000);
    }

    @Test
    void a_full_share_or_a_part_that_took_no_time_does_not_rest() {
        assertThat(new DutyCycle(1).restAfter(5_000_000)).isZero();
        assertThat(DutyCycle.SCAN.restAfter(0)).isZero();
        assertThat(DutyCycle.SCAN.restAfter(-4)).isZero();
    }

    @Test
    void a_share_outside_zero_to_one_is_refused() {
        assertThatThrownBy(() -> new DutyCycle(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("share");
        assertThatThrownBy(() -> new DutyCycle(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DutyCycle(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
