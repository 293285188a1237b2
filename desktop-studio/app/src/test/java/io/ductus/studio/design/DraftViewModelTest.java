package io.ductus.studio.design;

import static io.ductus.studio.design.DesignFixtures.JS;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.DraftSave;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DraftViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");
    private final ManualDelays delays = new ManualDelays();
    private final DraftViewModel vm = new DraftViewModel(Sessions.of(api, new ScriptedDialogs()), delays);

    @Test
    void opening_an_interface_without_a_draft_shows_the_files_it_runs_and_saves_nothing() {
        api.design.deployed("adt-in", DesignFixtures.files("export function transform(msg) { return msg; }"), "bob", "first");
        vm.open("adt-in");
        assertThat(vm.paths()).containsExactly(DesignFixtures.YAML, JS);
        assertThat(vm.selectedPathProperty().get()).isEqualTo(JS);
        assertThat(vm.textProperty().get()).contains("return msg");
        assertThat(vm.baseProperty().get()).isEqualTo(1);
        delays.advance(Duration.ofSeconds(10));
        assertThat(api.calls).noneMatch(c -> c.startsWith("save draft"));
        assertThat(vm.saveStateProperty().get()).startsWith("No draft");
    }

    @Test
    void a_burst_of_typing_is_saved_once_after_the_pause_with_the_base_it_started_from() {
        api.design.deployed("adt-in", DesignFixtures.files("a"), "bob", "first");
        vm.open("adt-in");
        vm.textProperty().set("ab");
        delays.advance(Duration.ofMillis(300));
        vm.textProperty().set("abc");
        delays.advance(Duration.ofMillis(300));
        assertThat(api.calls).noneMatch(c -> c.startsWith("save draft"));
        delays.advance(DraftViewModel.AUTOSAVE);
        assertThat(api.calls.stream().filter(c -> c.startsWith("save draft"))).hasSize(1);
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "abc");
        assertThat(api.design.drafts.get("adt-in").base()).isEqualTo(1);
        assertThat(vm.saved()).isTrue();
        assertThat(vm.saveStateProperty().get()).startsWith("Draft saved on the server");
    }

    @Test
    void a_save_that_fails_keeps_the_text_and_is_tried_again_until_the_server_has_it() {
        api.design.deployed("adt-in", DesignFixtures.files("a"), "bob", "first");
        vm.open("adt-in");
        vm.textProperty().set("typed while the network is down");
        api.failNext(FakeApi.unreachable());
        delays.advance(DraftViewModel.AUTOSAVE);
        assertThat(vm.saved()).isFalse();
        assertThat(vm.saveStateProperty().get()).contains("Not saved yet").contains("kept here");
        assertThat(vm.textProperty().get()).isEqualTo("typed while the network is down");
        delays.advance(DraftViewModel.RETRY);
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "typed while the network is down");
        assertThat(vm.saved()).isTrue();
    }

    @Test
    void closing_saves_at_once_what_waits_and_reopening_shows_the_draft_not_the_deployed_files() {
        api.design.deployed("adt-in", DesignFixtures.files("deployed code"), "bob", "first");
        vm.open("adt-in");
        vm.textProperty().set("my edit");
        vm.flush(); // the window closes before the pause is over
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "my edit");

        DraftViewModel later = new DraftViewModel(Sessions.of(api, new ScriptedDialogs()), new ManualDelays());
        later.open("adt-in");
        assertThat(later.textProperty().get()).isEqualTo("my edit");
        assertThat(later.saveStateProperty().get()).startsWith("Your draft, saved");
        assertThat(later.deployed()).containsEntry(JS, "deployed code");
    }

    @Test
    void a_draft_whose_base_is_no_longer_current_says_so() {
        api.design.deployed("adt-in", DesignFixtures.files("one"), "bob", "first");
        api.design.saveDraft("adt-in", new DraftSave(1, DesignFixtures.files("mine"), null));
        api.design.deployed("adt-in", DesignFixtures.files("two"), "carol", "second");
        vm.open("adt-in");
        assertThat(vm.saveStateProperty().get()).contains("someone deployed revision 2 since it was started from 1");
    }

    @Test
    void the_gutter_gets_the_problems_of_the_file_shown_only() {
        api.design.deployed("adt-in", DesignFixtures.files("x"), "bob", "first");
        vm.open("adt-in");
        vm.problems(java.util.List.of(new io.ductus.client.model.FileProblem(JS, 3, 1, "", "bad", "t"),
                new io.ductus.client.model.FileProblem(DesignFixtures.YAML, 2, 1, "format", "unknown", "y")));
        assertThat(vm.fileProblems()).extracting(io.ductus.client.model.FileProblem::line).containsExactly(3);
        vm.selectedPathProperty().set(DesignFixtures.YAML);
        assertThat(vm.fileProblems()).extracting(io.ductus.client.model.FileProblem::field).containsExactly("format");
    }

    @Test
    void text_that_failed_to_save_is_kept_when_another_interface_is_opened_and_saved_once_the_server_answers() {
        api.anInterface("orders-in", "archive");
        api.design.deployed("adt-in", DesignFixtures.files("a"), "bob", "first");
        api.design.deployed("orders-in", Map.of("interfaces/orders-in/interface.yaml", "format: hl7"), "bob", "first");
        vm.open("adt-in");
        vm.textProperty().set("typed on a train");
        api.failNext(FakeApi.unreachable());
        delays.advance(DraftViewModel.AUTOSAVE);
        assertThat(vm.saved()).isFalse();
        vm.open("orders-in");
        assertThat(vm.interfaceName()).isEqualTo("orders-in");
        assertThat(api.design.drafts).doesNotContainKey("adt-in");
        api.failNext(FakeApi.unreachable());
        delays.advance(DraftViewModel.RETRY); // still down: kept, tried again
        assertThat(api.design.drafts).doesNotContainKey("adt-in");
        delays.advance(DraftViewModel.RETRY);
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "typed on a train");
    }

    @Test
    void reopening_an_interface_whose_text_is_not_saved_yet_shows_that_text_not_the_servers() {
        api.anInterface("orders-in", "archive");
        api.design.deployed("adt-in", DesignFixtures.files("a"), "bob", "first");
        api.design.deployed("orders-in", Map.of("interfaces/orders-in/interface.yaml", "format: hl7"), "bob", "first");
        vm.open("adt-in");
        vm.textProperty().set("mine");
        api.failNext(FakeApi.unreachable());
        delays.advance(DraftViewModel.AUTOSAVE);
        vm.open("orders-in");
        vm.open("adt-in"); // before the kept save's retry
        assertThat(vm.textProperty().get()).isEqualTo("mine");
        assertThat(vm.saveStateProperty().get()).startsWith("Not saved yet");
        delays.advance(DraftViewModel.AUTOSAVE);
        assertThat(api.design.drafts.get("adt-in").files()).containsEntry(JS, "mine");
        delays.advance(DraftViewModel.RETRY);
        assertThat(api.calls.stream().filter(c -> c.equals("save draft adt-in"))).as("the kept save stood down").hasSize(2);
    }
}
