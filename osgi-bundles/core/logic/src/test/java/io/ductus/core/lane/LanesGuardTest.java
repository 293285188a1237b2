package io.ductus.core.lane;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LanesGuardTest {

    @ParameterizedTest(name = "{0} → {1} lanes with {2} waiting in dropped lanes: refused {3}")
    @CsvSource({"8, 4, 3, true", "8, 4, 0, false", "4, 8, 100, false", "8, 8, 5, false", "2, 1, 1, true"})
    void lowering_the_lanes_is_refused_only_while_something_waits_in_a_dropped_lane(int from, int to, long waiting, boolean refused) {
        assertThat(LanesGuard.refusal(from, to, waiting).isPresent()).isEqualTo(refused);
        if (refused) assertThat(LanesGuard.refusal(from, to, waiting).get()).contains("ordering.partitions").contains(waiting + " deliveries");
    }
}
