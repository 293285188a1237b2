package io.ductus.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.compare.Difference;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayJudgeTest {

    private static final IgnoredPaths NONE = new IgnoredPaths(List.of());
    private static final Side SENT = new Side(Decision.SENT, null, false, false);
    private static final List<Difference> NAME = List.of(new Difference("PID-5.1", "DUCK", "Duck"));

    @Test
    void the_same_decision_and_output_is_same_and_a_changed_field_is_changed_with_its_path() {
        assertThat(ReplayJudge.judge(Side.recorded("sent", null), null, SENT, List.of(), true, NONE).kind()).isEqualTo(RowKind.SAME);
        ReplayJudge.Verdict v = ReplayJudge.judge(Side.recorded("sent", null), null, SENT, NAME, true, NONE);
        assertThat(v.kind()).isEqualTo(RowKind.CHANGED);
        assertThat(v.differences()).containsExactlyElementsOf(NAME);
    }

    @Test
    void ignored_fields_do_not_count_as_changes() {
        List<Difference> header = List.of(new Difference("MSH-7", "20260101", "20260102"), new Difference("MSH-10.1", "a", "b"));
        assertThat(ReplayJudge.judge(Side.recorded("sent", null), null, SENT, header, true,
                new IgnoredPaths(List.of("MSH-7", "MSH-10"))).kind()).isEqualTo(RowKind.SAME);
    }

    @Test
    void another_decision_is_decision_changed_with_both_reasons() {
        Side filtered = new Side(Decision.FILTERED, "ADT^A08 not wanted", false, false);
        ReplayJudge.Verdict v = ReplayJudge.judge(Side.recorded("sent", null), null, filtered, List.of(), true, NONE);
        assertThat(v.kind()).isEqualTo(RowKind.DECISION_CHANGED);
        assertThat(v.note()).isEqualTo("sent → filtered (ADT^A08 not wanted)");
    }

    @Test
    void a_rerun_that_disagrees_with_the_record_is_drift_whatever_the_candidate_does() {
        Side rerunFiltered = new Side(Decision.FILTERED, "lookup said no", false, false);
        ReplayJudge.Verdict v = ReplayJudge.judge(Side.recorded("sent", null), rerunFiltered, SENT, List.of(), true, NONE);
        assertThat(v.kind()).isEqualTo(RowKind.DRIFT);
        assertThat(v.note()).contains("recorded sent").contains("filtered (lookup said no)");
    }

    @Test
    void a_refused_write_is_not_comparable_and_a_thrown_error_or_runaway_is_an_error() {
        Side wrote = new Side(Decision.QUARANTINED, "db('ehr').execute is refused", true, true);
        assertThat(ReplayJudge.judge(Side.recorded("sent", null), null, wrote, List.of(), true, NONE).kind()).isEqualTo(RowKind.NOT_COMPARABLE);
        Side threw = new Side(Decision.QUARANTINED, "TypeError at transform.js:3", true, false);
        assertThat(ReplayJudge.judge(Side.recorded("sent", null), null, threw, List.of(), true, NONE).kind()).isEqualTo(RowKind.ERROR);
        // the recorded code threw the same on this message: nothing changed
        assertThat(ReplayJudge.judge(Side.recorded("quarantined", "TypeError at transform.js:3"), null, threw, List.of(), true, NONE).kind())
                .isEqualTo(RowKind.SAME);
        assertThat(ReplayJudge.judge(Side.recorded("pending", null), null, SENT, List.of(), true, NONE).kind()).isEqualTo(RowKind.NOT_COMPARABLE);
    }

    @Test
    void an_ignored_path_covers_what_is_below_it_and_every_segment_occurrence_but_not_a_longer_name() {
        IgnoredPaths ignored = new IgnoredPaths(List.of("MSH-7", "OBX-5", "$.meta", "/order/@id"));
        assertThat(ignored.ignored("MSH-7")).isTrue();
        assertThat(ignored.ignored("MSH-7.1")).isTrue();
        assertThat(ignored.ignored("MSH-7[2]")).isTrue();
        assertThat(ignored.ignored("MSH-70")).isFalse();
        assertThat(ignored.ignored("OBX[3]-5.1")).isTrue();
        assertThat(ignored.ignored("OBX[3]-6")).isFalse();
        assertThat(ignored.ignored("$.meta.at")).isTrue();
        assertThat(ignored.ignored("$.metadata")).isFalse();
        assertThat(ignored.ignored("/order/@id")).isTrue();
    }
}
