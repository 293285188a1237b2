package io.ductus.studio.design;

import static io.ductus.studio.design.DesignFixtures.JS;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.model.FileProblem;
import io.ductus.client.model.TestFailure;
import io.ductus.client.model.TestRecorded;
import io.ductus.client.model.TestRunResult;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.hl7.Hl7TreeViewModel;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ManualDelays;
import io.ductus.studio.testing.QueuedTaskExecutor;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestsViewModelTest {

    private static final String TEST = "interfaces/adt-in/tests/lab.test.js";

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");
    private final ManualDelays delays = new ManualDelays();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();

    private static TestRunResult oneFailing() {
        TestFailure failure = new TestFailure("expect(received).toBe(expected)", "\"DOE\"", "\"Doe\"", 7, "interfaces/adt-in/transform.js:2",
                TEST + ":7:1: test 'family in capitals' failed: expect(received).toBe(expected) (expected \"DOE\", got \"Doe\")");
        return new TestRunResult("adt-in", "files", List.of(), true, 1, 1, List.of(new TestRunResult.TestFile(TEST, 1, 1, null, List.of(
                new TestRunResult.TestCase("keeps the id", true, 3, null, List.of("seen MRN1")),
                new TestRunResult.TestCase("family in capitals", false, 4, failure, List.of())))), 120);
    }

    private static java.util.Map<String, String> withTest() {
        java.util.Map<String, String> files = new java.util.LinkedHashMap<>(DesignFixtures.files("return msg;"));
        files.put(TEST, "import { transform } from '../transform.js';\n\n\n\n\ntest('family in capitals', () => {\n  expect(1).toBe(2);\n});\n");
        return files;
    }

    @Test
    void the_tests_run_on_the_editors_files_and_a_failure_shows_its_difference_and_its_line_in_the_gutter() {
        api.design.deployed("adt-in", withTest(), "bob", "first");
        api.design.testAnswer = t -> oneFailing();
        ServerSession session = Sessions.of(api, dialogs);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel trial = new TrialViewModel(session, draft, delays, new Hl7TreeReader(), new Hl7TreeViewModel(Hl7Dictionary.standard()));
        TestsViewModel vm = new TestsViewModel(session, draft, trial);
        List<Integer> revealed = new ArrayList<>();
        draft.onReveal(revealed::add);
        draft.open("adt-in");
        draft.textProperty().set("return msg; // edited, not saved yet");

        vm.run();
        assertThat(api.design.testRuns).hasSize(1);
        assertThat(api.design.testRuns.getFirst().code()).isEqualTo("files");
        assertThat(api.design.testRuns.getFirst().files()).containsEntry(JS, "return msg; // edited, not saved yet").containsKey(TEST);
        assertThat(vm.rows()).extracting(TestRow::name, TestRow::outcome)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("keeps the id", "passed"),
                        org.assertj.core.groups.Tuple.tuple("family in capitals", "failed at line 7"));
        assertThat(vm.statusProperty().get()).startsWith("1 passed, 1 failed in 1 file(s)");
        // the failed one is selected first: its expected → actual diff and its text
        assertThat(vm.selectedProperty().get().name()).isEqualTo("family in capitals");
        assertThat(vm.differenceProperty().get()).contains("--- expected").contains("-\"DOE\"").contains("+\"Doe\"");
        assertThat(vm.detailProperty().get()).contains("failed: expect(received).toBe(expected)").contains("thrown at interfaces/adt-in/transform.js:2");
        // marked at the test's line and at the line that threw
        assertThat(draft.problems()).extracting(FileProblem::file, FileProblem::line).contains(
                org.assertj.core.groups.Tuple.tuple(TEST, 7), org.assertj.core.groups.Tuple.tuple(JS, 2));
        assertThat(draft.fileProblems()).extracting(FileProblem::line).containsExactly(2); // the transform is shown
        // a trial's problems do not wipe the tests' marks
        draft.problems(List.of());
        assertThat(draft.problems()).hasSize(2);

        vm.openSelected();
        assertThat(draft.selectedPathProperty().get()).isEqualTo(TEST);
        assertThat(revealed).containsExactly(7);
        assertThat(draft.fileProblems()).extracting(FileProblem::line).containsExactly(7);

        draft.textProperty().set(draft.textProperty().get() + "\n");
        assertThat(vm.statusProperty().get()).endsWith("the code has changed since: run again");
    }

    @Test
    void a_sample_recorded_as_a_test_joins_the_draft_is_saved_and_the_tests_run_again() {
        api.design.deployed("adt-in", DesignFixtures.files("return msg;"), "bob", "first");
        api.design.trialAnswer = DesignFixtures::answer;
        api.design.recordAnswer = r -> new TestRecorded("adt-in", "interfaces/adt-in/tests/pasted-1-to-lab.test.js",
                "// Recorded\ntest('pasted 1 to lab', () => {});\n", "sent");
        ServerSession session = Sessions.of(api, dialogs);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel trial = new TrialViewModel(session, draft, delays, new Hl7TreeReader(), new Hl7TreeViewModel(Hl7Dictionary.standard()));
        TestsViewModel vm = new TestsViewModel(session, draft, trial);
        List<String> recorded = new ArrayList<>();
        vm.onRecorded(() -> recorded.add(draft.selectedPathProperty().get()));
        draft.open("adt-in");

        vm.recordSample();
        assertThat(vm.statusProperty().get()).startsWith("Add a sample in the trial first");
        trial.addPasted(DesignFixtures.ADT);
        delays.advance(TrialViewModel.PAUSE);
        assertThat(trial.selectedRowProperty().get().destination()).isEqualTo("lab");

        vm.recordSample();
        assertThat(api.design.recordings).hasSize(1);
        assertThat(api.design.recordings.getFirst().destination()).isEqualTo("lab");
        assertThat(api.design.recordings.getFirst().name()).isEqualTo("pasted 1 to lab");
        assertThat(api.design.recordings.getFirst().messages()).extracting(m -> m.payload()).containsExactly(DesignFixtures.ADT);
        assertThat(draft.files()).containsEntry("interfaces/adt-in/tests/pasted-1-to-lab.test.js", "// Recorded\ntest('pasted 1 to lab', () => {});\n");
        assertThat(draft.selectedPathProperty().get()).isEqualTo("interfaces/adt-in/tests/pasted-1-to-lab.test.js");
        assertThat(recorded).containsExactly("interfaces/adt-in/tests/pasted-1-to-lab.test.js");
        assertThat(api.design.testRuns).hasSize(1);
        assertThat(api.design.testRuns.getFirst().files()).containsKey("interfaces/adt-in/tests/pasted-1-to-lab.test.js");
        delays.advance(DraftViewModel.AUTOSAVE);
        assertThat(api.design.drafts.get("adt-in").files()).containsKey("interfaces/adt-in/tests/pasted-1-to-lab.test.js");
    }

    @Test
    void broken_code_runs_no_test_and_a_run_on_its_way_is_called_off_by_the_next() {
        api.design.deployed("adt-in", DesignFixtures.files("return msg;"), "bob", "first");
        FileProblem syntax = new FileProblem(JS, 3, 5, "", "SyntaxError: Unexpected token", JS + ":3:5: SyntaxError: Unexpected token");
        api.design.testAnswer = t -> new TestRunResult("adt-in", "files", List.of(syntax), false, 0, 0, List.of(), 40);
        QueuedTaskExecutor tasks = new QueuedTaskExecutor();
        ServerSession session = Sessions.of(api, dialogs, tasks);
        DraftViewModel draft = new DraftViewModel(session, delays);
        TrialViewModel trial = new TrialViewModel(session, draft, delays, new Hl7TreeReader(), new Hl7TreeViewModel(Hl7Dictionary.standard()));
        TestsViewModel vm = new TestsViewModel(session, draft, trial);
        draft.open("adt-in");
        tasks.runAll();
        vm.run();
        vm.run();
        assertThat(tasks.cancelled).isEqualTo(1);
        tasks.runAll();
        assertThat(vm.statusProperty().get()).isEqualTo("No test ran: the code has 1 problem: " + syntax.text());
        assertThat(draft.fileProblems()).extracting(FileProblem::line).containsExactly(3);
        assertThat(vm.rows()).isEmpty();
    }

    @Test
    void a_failed_expectation_of_a_message_is_diffed_segment_by_segment() {
        String diff = TestDifference.of("hl7`MSH|^~\\&|A\nPID|1||1||DOE^JANE\nPV1|1|I`", "hl7`MSH|^~\\&|A\nPID|1||1||Doe^JANE\nPV1|1|I`");
        assertThat(diff).contains("-PID|1||1||DOE^JANE").contains("+PID|1||1||Doe^JANE").contains(" PV1|1|I`");
        assertThat(TestDifference.of("\"MSH|A\\rPID|X\\r\"", "\"MSH|A\\rPID|Y\\r\"")).contains("-PID|X\\r").contains("+PID|Y\\r").contains(" \"MSH|A\\r");
        assertThat(TestDifference.of(null, null)).isEmpty();
    }
}
