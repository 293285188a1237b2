package io.ductus.connector.listener;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The engine-wide budget of bytes in flight: large frames fill seven eighths of it, small ones the rest. */
class ReceiveBudgetTest {

    @Test
    void large_frames_cannot_take_the_last_eighth_small_ones_still_can() {
        ReceiveBudget budget = new ReceiveBudget(800_000);
        assertThat(budget.take(600_000, 600_000)).isTrue();
        assertThat(budget.take(100_000, 100_000)).as("a second large frame within seven eighths").isTrue();
        assertThat(budget.take(10_000, 110_000)).as("past seven eighths").isFalse();
        assertThat(budget.take(10_000, 10_000)).as("a small frame").isTrue();
        assertThat(budget.held()).isEqualTo(710_000);
        assertThat(budget.refused()).isEqualTo(1);
        budget.giveBack(600_000);
        assertThat(budget.take(10_000, 110_000)).isTrue();
    }

    @Test
    void the_default_is_a_sixteenth_of_the_heap_within_bounds() {
        assertThat(ReceiveBudget.defaultBytes(6L << 30)).isEqualTo(128L << 20);
        assertThat(ReceiveBudget.defaultBytes(1L << 30)).isEqualTo(64L << 20);
        assertThat(ReceiveBudget.defaultBytes(128L << 20)).isEqualTo(ReceiveBudget.MIN_BYTES);
    }
}
