package io.ductus.studio.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.Replay;
import io.ductus.client.model.ReplayRows;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplayViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab").anInterface("orders-in", "archive");
    private final ManualDelays delays = new ManualDelays();
    private final ReplayViewModel vm = new ReplayViewModel(Sessions.of(api, new ScriptedDialogs()), delays);

    private static ReplayRows.Row row(long id, String kind, String field, String before, String after) {
        return new ReplayRows.Row("adt-in", id, "lab", kind, List.of(field), FakeApi.T0, null, "sent", null,
                kind.equals("decision_changed") ? "filtered" : "sent", null, 1, "kept output", "hl7",
                List.of(new ReplayRows.Difference(field, before, after)));
    }

    @Test
    void a_replay_of_last_week_through_the_draft_shows_its_progress_then_the_counts_fields_and_rows() {
        vm.load();
        assertThat(vm.interfaceNames()).containsExactly("adt-in", "orders-in");
        assertThat(vm.chosen()).containsExactly("adt-in");
        vm.ignoreProperty().set("MSH-7, MSH-10 EVN-2");
        vm.start();
        assertThat(api.replays.started.getFirst().last()).isEqualTo("7d");
        assertThat(api.replays.started.getFirst().candidate()).isEqualTo("draft");
        assertThat(api.replays.started.getFirst().ignore()).containsExactly("MSH-7", "MSH-10", "EVN-2");
        assertThat(vm.currentProperty().get().running()).isTrue();

        api.replays.progress(1, 40, 100, Map.of("same", 38L, "changed", 2L), List.of(), "running");
        delays.advance(ReplayViewModel.POLL);
        assertThat(vm.progressProperty().get()).isEqualTo(0.4);
        assertThat(vm.rows()).isEmpty();

        List<ReplayRows.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 250; i++) rows.add(row(i, "changed", "PID-5.1", "Doe", "DOE"));
        rows.add(row(300, "decision_changed", "PID-8", "F", "X"));
        api.replays.rows.put(1L, rows);
        api.replays.progress(1, 100, 100, Map.of("same", 49L, "changed", 250L, "decision_changed", 1L),
                List.of(new Replay.TopField("PID-5.1", 250), new Replay.TopField("PID-8", 1)), "done");
        delays.advance(ReplayViewModel.POLL);
        assertThat(vm.progressProperty().get()).isEqualTo(1.0);
        assertThat(vm.statusProperty().get()).startsWith("Replay 1 · done · 100 of 100 messages");
        assertThat(vm.kinds()).extracting(k -> k.kind() + " " + k.rows())
                .containsExactly("same 49", "changed 250", "decision_changed 1", "error 0", "not_comparable 0", "drift 0");
        assertThat(vm.topFields()).extracting(Replay.TopField::field).containsExactly("PID-5.1", "PID-8");
        assertThat(vm.rows()).hasSize(ReplayViewModel.PAGE);
        assertThat(vm.differences()).extracting(d -> d.path() + " " + d.before() + " → " + d.after()).containsExactly("PID-5.1 Doe → DOE");
        vm.loadMore();
        assertThat(vm.rows()).hasSize(251);
        assertThat(vm.moreProperty().get()).isNull();
        delays.advance(ReplayViewModel.POLL.multipliedBy(10));
        assertThat(api.calls.stream().filter(c -> c.equals("replay 1"))).as("no polling once it ended").hasSize(2);

        vm.kindFilterProperty().set("decision_changed");
        assertThat(vm.rows()).extracting(ReplayRows.Row::messageId).containsExactly(300L);
        vm.selectedRowProperty().set(vm.rows().getFirst());
        assertThat(vm.differences()).extracting(ReplayRows.Difference::path).containsExactly("PID-8");
        vm.makeTest();
        assertThat(api.replays.testsMade).extracting(t -> t.messageId() + " " + t.destination()).containsExactly("300 lab");
        assertThat(vm.statusProperty().get()).contains("replay-300.test.js written into your draft of adt-in");
    }

    @Test
    void a_running_replay_can_be_cancelled_and_an_earlier_one_reopened() {
        vm.load();
        vm.candidateProperty().set(ReplayViewModel.Candidate.REVISION);
        vm.start();
        assertThat(vm.statusProperty().get()).isEqualTo("Give the revision's number to replay.");
        vm.revisionProperty().set("3");
        vm.periodProperty().set(ReplayViewModel.Period.LAST_DAY);
        vm.start();
        assertThat(api.replays.started.getFirst().revision()).isEqualTo(3);
        assertThat(api.replays.started.getFirst().last()).isEqualTo("1d");
        vm.cancel();
        assertThat(vm.currentProperty().get().status()).isEqualTo("cancelled");

        ReplayViewModel later = new ReplayViewModel(Sessions.of(api, new ScriptedDialogs()), new ManualDelays());
        later.load();
        assertThat(later.past()).extracting(Replay::id).containsExactly(1L);
        api.replays.rows.put(1L, List.of(row(5, "changed", "PID-5.1", "a", "b")));
        later.reopen(later.past().getFirst());
        assertThat(later.rows()).extracting(ReplayRows.Row::messageId).containsExactly(5L);
    }

    @Test
    void a_period_between_two_times_is_sent_as_from_and_to_and_a_bad_time_is_said() {
        vm.load();
        vm.periodProperty().set(ReplayViewModel.Period.BETWEEN);
        vm.fromProperty().set("last tuesday");
        vm.start();
        assertThat(vm.statusProperty().get()).startsWith("Give the period as times");
        assertThat(api.replays.started).isEmpty();
        vm.fromProperty().set("2026-11-24");
        vm.toProperty().set("2026-11-25T12:00:00Z");
        vm.start();
        assertThat(api.replays.started.getFirst().from()).isEqualTo(java.time.Instant.parse("2026-11-24T00:00:00Z"));
        assertThat(api.replays.started.getFirst().to()).isEqualTo(java.time.Instant.parse("2026-11-25T12:00:00Z"));
        assertThat(api.replays.started.getFirst().last()).isNull();
    }
}
