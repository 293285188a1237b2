package io.ductus.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.health.Hotspots.Hotspot;
import io.ductus.core.health.Hotspots.Kind;
import io.ductus.core.health.Hotspots.LaneLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

class HotspotsTest {

    private static LaneLoad lane(int lane, long waiting, int attempts, long receivedAt) {
        return new LaneLoad(lane, waiting, new LaneHead(lane, 1000 + lane, "K" + lane, attempts, attempts > 0 ? "AE" : null, receivedAt));
    }

    @Test
    void a_blocked_lane_whose_receiver_took_others_points_at_the_message() {
        List<Hotspot> found = Hotspots.find(List.of(lane(0, 5, 3, 100), lane(1, 2, 0, 150)), 8, 200);
        assertThat(found).extracting(Hotspot::kind).containsExactly(Kind.BLOCKED_LANE);
        assertThat(found.get(0).detail()).contains("the message is the trouble, not the receiver").contains("failed 3 time(s) (AE)");
        assertThat(Hotspots.find(List.of(lane(0, 5, 3, 300), lane(1, 2, 0, 150)), 8, 200).get(0).detail())
                .doesNotContain("the message is the trouble");
    }

    @Test
    void every_lane_blocked_means_the_receiver_looks_down() {
        assertThat(Hotspots.find(List.of(lane(0, 5, 3, 100), lane(1, 2, 1, 150)), 8, 50))
                .extracting(Hotspot::kind).containsExactly(Kind.RECEIVER_DOWN);
    }

    @Test
    void a_lane_with_most_of_a_large_backlog_is_a_hot_key() {
        List<Hotspot> found = Hotspots.find(List.of(lane(0, 900, 0, 1), lane(1, 100, 0, 1)), 8, 5);
        assertThat(found).extracting(Hotspot::kind, Hotspot::lane, Hotspot::key).containsExactly(
                org.assertj.core.groups.Tuple.tuple(Kind.HOT_LANE, 0, "K0"));
        assertThat(Hotspots.find(List.of(lane(0, 90, 0, 1), lane(1, 10, 0, 1)), 8, 5)).isEmpty();
    }

    @Test
    void lanes_past_the_partitions_are_unowned() {
        assertThat(Hotspots.find(List.of(lane(0, 1, 0, 1), lane(9, 4, 0, 1)), 8, 5))
                .extracting(Hotspot::kind, Hotspot::lane).containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.UNOWNED_LANE, 9));
    }
}
