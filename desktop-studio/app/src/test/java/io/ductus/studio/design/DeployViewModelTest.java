package io.ductus.studio.design;

import static io.ductus.studio.design.DesignFixtures.JS;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.DraftSave;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeployViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");
    private final ManualDelays delays = new ManualDelays();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final ServerSession session = Sessions.of(api, dialogs);
    private final DraftViewModel draft = new DraftViewModel(session, delays);
    private final DeployViewModel vm = new DeployViewModel(session, draft);

    @Test
    void the_review_saves_the_draft_and_shows_its_diff_then_deploy_makes_a_revision_and_ends_the_draft() {
        api.design.deployed("adt-in", DesignFixtures.files("old"), "bob", "first");
        draft.open("adt-in");
        draft.textProperty().set("new");
        vm.review();
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "new");
        assertThat(api.calls).contains("diff adt-in running draft");
        assertThat(vm.files()).extracting(f -> f.path()).containsExactly("interfaces/adt-in/transform.js");
        assertThat(vm.selectedFileProperty().get().diff()).contains("+new");
        assertThat(vm.replaySummaryProperty().get()).startsWith("No replay of this interface yet");
        assertThat(api.design.testRuns).hasSize(1);
        assertThat(api.design.testRuns.getFirst().files()).containsEntry(JS, "new");
        assertThat(vm.testsSummaryProperty().get()).isEqualTo("Tests: this interface has none (the Tests panel records one from a sample).");

        vm.messageProperty().set("upper-case family names");
        vm.deploy();
        assertThat(api.calls).contains("deploy adt-in base 1 draft");
        assertThat(api.design.revisions.get("adt-in")).hasSize(2);
        assertThat(api.design.revisions.get("adt-in").getLast().message()).isEqualTo("upper-case family names");
        assertThat(vm.statusProperty().get()).startsWith("Deployed revision 2").contains("1 passed, 0 failed").contains("swapped live");
        assertThat(draft.baseProperty().get()).isEqualTo(2);
        assertThat(draft.deployed()).containsEntry(JS, "new");
        assertThat(draft.hasDraftProperty().get()).isFalse();
    }

    @Test
    void someone_deploying_in_between_shows_their_change_and_the_draft_rebases_onto_it() {
        String original = "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\n";
        api.design.deployed("adt-in", DesignFixtures.files(original), "bob", "first");
        draft.open("adt-in");
        draft.textProperty().set(original.replace("line 2", "line 2 mine"));
        draft.flush();
        api.design.deployed("adt-in", DesignFixtures.files(original.replace("line 7", "line 7 theirs")), "carol", "carol's fix");

        vm.review();
        vm.deploy();
        assertThat(vm.conflictProperty().get()).isTrue();
        assertThat(vm.statusProperty().get()).contains("revision 2 was deployed since revision 1");
        assertThat(vm.theirChangeProperty().get()).startsWith("Revision 2 by carol: carol's fix").contains("patch 1..2");

        vm.rebase();
        assertThat(vm.conflictProperty().get()).isFalse();
        assertThat(api.design.drafts.get("adt-in").base()).isEqualTo(2);
        assertThat(api.design.drafts.get("adt-in").files().get(JS)).contains("line 2 mine").contains("line 7 theirs");
        assertThat(draft.textProperty().get()).contains("line 2 mine").contains("line 7 theirs");
        vm.deploy();
        assertThat(api.design.revisions.get("adt-in")).hasSize(3);
    }

    @Test
    void a_rebase_where_both_changed_the_same_lines_is_refused_and_keeps_the_draft() {
        api.design.deployed("adt-in", DesignFixtures.files("a\nb\nc\n"), "bob", "first");
        api.design.saveDraft("adt-in", new DraftSave(1, DesignFixtures.files("a\nmine\nc\n"), null));
        api.design.deployed("adt-in", DesignFixtures.files("a\ntheirs\nc\n"), "carol", "theirs");
        draft.open("adt-in");
        vm.deploy();
        vm.rebase();
        assertThat(vm.statusProperty().get()).startsWith("Not rebased: both changed the same lines of " + JS);
        assertThat(api.design.drafts.get("adt-in").base()).isEqualTo(1);
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "a\nmine\nc\n");
    }

    @Test
    void the_last_replay_of_the_interface_is_summed_up_in_the_review() {
        api.design.deployed("adt-in", DesignFixtures.files("old"), "bob", "first");
        var r = api.replays.start(io.ductus.client.model.ReplayStart.last(java.util.List.of("adt-in"), "7d", "draft", null, null));
        api.replays.progress(r.id(), 100, 100, Map.of("same", 90L, "changed", 10L), java.util.List.of(), "done");
        draft.open("adt-in");
        vm.review();
        assertThat(vm.replaySummaryProperty().get()).isEqualTo("Replay 1 (draft, done): 100 messages, 90 same, 10 changed, 0 decision changed, 0 errors");
    }

    @Test
    void the_review_runs_the_drafts_tests_and_says_before_the_deploy_that_a_failing_one_will_refuse_it() {
        api.design.deployed("adt-in", DesignFixtures.files("old"), "bob", "first");
        io.ductus.client.model.TestFailure failure = new io.ductus.client.model.TestFailure("expected", "\"DOE\"", "\"Doe\"", 4, null,
                "interfaces/adt-in/tests/lab.test.js:4:1: test 'caps' failed: expected (expected \"DOE\", got \"Doe\")");
        api.design.testAnswer = t -> new io.ductus.client.model.TestRunResult("adt-in", "files", java.util.List.of(), true, 2, 1,
                java.util.List.of(new io.ductus.client.model.TestRunResult.TestFile("interfaces/adt-in/tests/lab.test.js", 2, 1, null, java.util.List.of(
                        new io.ductus.client.model.TestRunResult.TestCase("caps", false, 1, failure, java.util.List.of())))), 30);
        draft.open("adt-in");
        draft.textProperty().set("new");
        vm.review();
        assertThat(vm.testsSummaryProperty().get()).isEqualTo("Tests on the draft: 1 failed, 2 passed — the deploy will be refused. First: "
                + failure.text());
        api.design.testAnswer = t -> new io.ductus.client.model.TestRunResult("adt-in", "files", java.util.List.of(), true, 3, 0, java.util.List.of(), 30);
        vm.review();
        assertThat(vm.testsSummaryProperty().get()).isEqualTo("Tests on the draft: all 3 passed.");
    }
}
