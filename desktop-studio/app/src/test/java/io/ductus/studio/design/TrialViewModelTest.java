package io.ductus.studio.design;

import static io.ductus.studio.design.DesignFixtures.JS;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.hl7.Hl7TreeViewModel;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.QueuedTaskExecutor;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrialViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");
    private final ManualDelays delays = new ManualDelays();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();

    private TrialViewModel trial(ServerSession session, DraftViewModel draft) {
        return new TrialViewModel(session, draft, delays, new Hl7TreeReader(), new Hl7TreeViewModel(Hl7Dictionary.standard()));
    }

    @Test
    void a_pause_after_typing_runs_the_edited_files_on_the_samples_and_shows_each_destination_against_deployed() {
        api.design.deployed("adt-in", DesignFixtures.files("return msg;"), "bob", "first");
        api.design.trialAnswer = DesignFixtures::answer;
        ServerSession session = Sessions.of(api, dialogs);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel vm = trial(session, draft);
        draft.open("adt-in");
        vm.addPasted(DesignFixtures.ADT);
        delays.advance(TrialViewModel.PAUSE);
        assertThat(vm.rows()).extracting(TrialRow::change).containsExactly("same as deployed");

        draft.textProperty().set("msg.set('PID-5.1', msg.get('PID-5.1').toUpperCase()); return msg;");
        assertThat(api.design.trials).hasSize(1); // not yet: typing may go on
        delays.advance(TrialViewModel.PAUSE);
        assertThat(api.design.trials).hasSize(2);
        assertThat(api.design.trials.getLast().code()).isEqualTo("files");
        assertThat(api.design.trials.getLast().compare()).isEqualTo("deployed");
        assertThat(api.design.trials.getLast().files()).containsEntry(JS, "msg.set('PID-5.1', msg.get('PID-5.1').toUpperCase()); return msg;");
        assertThat(api.design.trials.getLast().messages()).extracting(m -> m.payload()).containsExactly(DesignFixtures.ADT);
        TrialRow row = vm.selectedRowProperty().get();
        assertThat(row.destination()).isEqualTo("lab");
        assertThat(row.decision()).isEqualTo("sent");
        assertThat(row.change()).isEqualTo("1 field differs from deployed");
        assertThat(row.result().differences()).extracting(d -> d.path() + " " + d.before() + " → " + d.after()).containsExactly("PID-5.1 Doe → DOE");
        assertThat(TrialText.logAndCalls(row.result())).contains("family DOE").contains("No service calls.");
        assertThat(vm.statusProperty().get()).startsWith("Tried on 1 sample(s)").contains("compared with revision 1");
    }

    @Test
    void a_new_edit_cancels_the_trial_still_on_its_way_and_only_the_newest_answer_is_shown() {
        api.design.deployed("adt-in", DesignFixtures.files("return msg;"), "bob", "first");
        api.design.trialAnswer = DesignFixtures::answer;
        QueuedTaskExecutor tasks = new QueuedTaskExecutor();
        ServerSession session = Sessions.of(api, dialogs, tasks);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel vm = trial(session, draft);
        draft.open("adt-in");
        tasks.runAll();
        vm.addPasted(DesignFixtures.ADT);
        delays.advance(TrialViewModel.PAUSE);
        assertThat(tasks.queued()).isEqualTo(1); // the first trial is on its way
        draft.textProperty().set("toUpperCase(); return msg;");
        delays.advance(TrialViewModel.PAUSE);
        assertThat(tasks.cancelled).isEqualTo(1);
        tasks.runAll();
        assertThat(api.design.trials).hasSize(1).allMatch(t -> t.files().get(JS).contains("toUpperCase"));
        assertThat(vm.rows()).extracting(TrialRow::change).containsExactly("1 field differs from deployed");
    }

    @Test
    void a_syntax_error_goes_to_the_gutter_of_its_file_at_its_line() {
        api.design.deployed("adt-in", DesignFixtures.files("return msg;"), "bob", "first");
        api.design.trialAnswer = DesignFixtures::answer;
        ServerSession session = Sessions.of(api, dialogs);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel vm = trial(session, draft);
        draft.open("adt-in");
        vm.addPasted(DesignFixtures.ADT);
        draft.textProperty().set("a\nb\nsyntax error (");
        delays.advance(TrialViewModel.PAUSE);
        assertThat(draft.fileProblems()).extracting(p -> p.line() + " " + p.message()).containsExactly("3 SyntaxError: Unexpected token");
        assertThat(vm.statusProperty().get()).contains("1 problem").contains(":3:5");
        draft.textProperty().set("return msg;");
        delays.advance(TrialViewModel.PAUSE);
        assertThat(draft.fileProblems()).isEmpty();
    }

    @Test
    void samples_come_from_a_stored_message_or_a_file_and_show_as_the_hl7_tree_whose_fields_insert_their_path(@TempDir Path dir)
            throws Exception {
        api.message(12, "adt-in", "sent", DesignFixtures.ADT);
        ServerSession session = Sessions.of(api, dialogs);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel vm = trial(session, draft);
        dialogs.answer("12");
        vm.askStoredMessage();
        assertThat(vm.samples()).extracting(Sample::label).containsExactly("message 12");
        assertThat(vm.tree().rootProperty().get().find("PID-5.2").value()).isEqualTo("JANE");
        Path file = Files.writeString(dir.resolve("oru.hl7"), DesignFixtures.ADT.replace("JANE", "JOHN"));
        dialogs.answer(file);
        vm.chooseFile();
        assertThat(vm.samples()).extracting(Sample::label).containsExactly("message 12", "oru.hl7");
        assertThat(vm.tree().rootProperty().get().find("PID-5.2").value()).isEqualTo("JOHN");

        List<String> inserted = new ArrayList<>();
        vm.onInsert(inserted::add);
        vm.insertPathOf(vm.tree().rootProperty().get().find("PID-5.2"));
        assertThat(inserted).containsExactly("msg.get('PID-5.2')");

        vm.addPasted("not hl7 at all");
        assertThat(vm.sampleProblemProperty().get()).startsWith("Not shown as HL7");
    }

    @Test
    void nothing_is_tried_without_a_sample() {
        api.design.deployed("adt-in", DesignFixtures.files("x"), "bob", "first");
        ServerSession session = Sessions.of(api, dialogs);
        DraftViewModel draft = new DraftViewModel(session, delays);
        trial(session, draft);
        draft.open("adt-in");
        draft.textProperty().set("y");
        delays.advance(Duration.ofSeconds(2));
        assertThat(api.design.trials).isEmpty();
    }
}
