package io.ductus.studio.design;

import io.ductus.client.model.FileProblem;
import io.ductus.client.model.TestFailure;
import io.ductus.client.model.TestRecord;
import io.ductus.client.model.TestRecorded;
import io.ductus.client.model.TestRun;
import io.ductus.client.model.TestRunResult;
import io.ductus.client.model.Trial;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.Cancellable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The tests panel: the open interface's tests run on the server on the editor's files (saved or not; nothing is
 * deployed), each with pass or fail; a failure's expected/actual difference, and its line marked in the editor's
 * gutter of the test file (and of the file that threw, when another); "record as test" pins what the code does
 * now with the trial's selected sample for the selected destination, as a new test file in the draft.
 */
public final class TestsViewModel {

    /** Where the tests' marks go among the editor's problems (the trial's are apart). */
    static final String SOURCE = "tests";

    private final ServerSession session;
    private final DraftViewModel draft;
    private final TrialViewModel trial;
    private final ObservableList<TestRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<TestRow> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Run the interface's tests on the code in the editor");
    private final ReadOnlyStringWrapper difference = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private Cancellable inFlight = Cancellable.NONE;
    private long generation;
    private boolean ranOnCurrentCode;
    private final List<Runnable> onRecorded = new ArrayList<>();

    public TestsViewModel(ServerSession session, DraftViewModel draft, TrialViewModel trial) {
        this.session = session;
        this.draft = draft;
        this.trial = trial;
        selected.addListener((o, a, row) -> showSelected(row));
        draft.onEdited(this::codeChanged);
    }

    /** Runs every test of the interface on the editor's files, on the server (the run before is called off). */
    public void run() {
        String name = draft.interfaceName();
        if (name.isEmpty()) return;
        inFlight.cancel();
        long mine = ++generation;
        Map<String, String> files = draft.files();
        running.set(true);
        status.set("Running the tests…");
        inFlight = session.call(() -> session.api().design().tests(name, TestRun.ofFiles(files)), r -> {
            if (mine != generation) return;
            shown(r);
        }, problem -> {
            if (mine != generation) return;
            running.set(false);
            status.set(problem);
        });
    }

    private void shown(TestRunResult r) {
        running.set(false);
        ranOnCurrentCode = true;
        String keep = selected.get() == null ? null : selected.get().path() + "\n" + selected.get().name();
        List<TestRow> fresh = new ArrayList<>();
        for (TestRunResult.TestFile f : r.files()) {
            if (f.loadFailure() != null) fresh.add(new TestRow(f.path(), "(the file does not load)", false, f.loadFailure(), List.of(), 0));
            for (TestRunResult.TestCase t : f.tests()) fresh.add(new TestRow(f.path(), t.name(), t.passed(), t.failure(), t.output(), t.tookMs()));
        }
        rows.setAll(fresh);
        draft.problems(SOURCE, marks(fresh));
        TestRow again = fresh.stream().filter(t -> (t.path() + "\n" + t.name()).equals(keep)).findFirst()
                .orElse(fresh.stream().filter(t -> !t.passed()).findFirst().orElse(fresh.isEmpty() ? null : fresh.getFirst()));
        selected.set(again);
        if (!r.ran()) {
            draft.problems(SOURCE, r.problems());
            status.set("No test ran: the code has " + r.problems().size() + (r.problems().size() == 1 ? " problem: " : " problems, the first: ")
                    + (r.problems().isEmpty() ? "" : r.problems().getFirst().text()));
        } else if (fresh.isEmpty()) {
            status.set("This interface has no tests yet: add tests/NAME.test.js, or record one from a sample");
        } else {
            status.set(r.passed() + " passed, " + r.failed() + " failed in " + r.files().size() + " file(s) · " + Math.round(r.tookMs()) + " ms");
        }
    }

    /** Each failure at its test file's line, and at the line that threw when that is in another file. */
    static List<FileProblem> marks(List<TestRow> rows) {
        List<FileProblem> marks = new ArrayList<>();
        for (TestRow t : rows) {
            TestFailure f = t.failure();
            if (f == null) continue;
            int line = f.line() == null ? 1 : f.line();
            String text = f.text() == null ? t.path() + ":" + line + ":1: " + f.message() : f.text();
            marks.add(new FileProblem(t.path(), line, 1, "", text.replaceFirst("^[^:]+:\\d+:\\d+: ", ""), text));
            if (f.thrownAt() != null) {
                int colon = f.thrownAt().lastIndexOf(':');
                try {
                    int at = Integer.parseInt(f.thrownAt().substring(colon + 1));
                    String file = f.thrownAt().substring(0, colon);
                    String here = "test '" + t.name() + "' failed here: " + f.message();
                    marks.add(new FileProblem(file, at, 1, "", here, file + ":" + at + ":1: " + here));
                } catch (RuntimeException notALine) {
                    // the place is said in the test's own mark
                }
            }
        }
        return marks;
    }

    private void showSelected(TestRow row) {
        if (row == null || row.failure() == null) {
            difference.set("");
            detail.set(row == null ? "" : "passed in " + Math.round(row.tookMs()) + " ms" + output(row));
            return;
        }
        TestFailure f = row.failure();
        difference.set(TestDifference.of(f.expected(), f.actual()));
        detail.set(f.text() + (f.thrownAt() == null ? "" : "\nthrown at " + f.thrownAt()) + output(row));
    }

    private static String output(TestRow row) {
        return row.output().isEmpty() ? "" : "\n\nconsole:\n" + String.join("\n", row.output());
    }

    /** Opens the selected test's file in the editor at its line. */
    public void openSelected() {
        TestRow row = selected.get();
        if (row == null) return;
        draft.reveal(row.path(), row.line() == null ? 1 : row.line());
    }

    /**
     * Records the trial's selected sample as a test of the selected destination: the engine runs the editor's code
     * on it and writes the test of what it does now; the file joins the draft (saved as any edit) and the tests run.
     */
    public void recordSample() {
        String name = draft.interfaceName();
        Sample sample = trial.selectedSampleProperty().get();
        TrialRow row = trial.selectedRowProperty().get();
        if (name.isEmpty()) return;
        if (sample == null) {
            status.set("Add a sample in the trial first: the test pins what the code does with it");
            return;
        }
        if (row == null) {
            status.set("Choose a destination in the trial's results first: the test pins its output");
            return;
        }
        Map<String, String> files = draft.files();
        String destination = row.destination();
        String testName = sample.label() + " to " + destination;
        status.set("Recording " + testName + "…");
        session.call(() -> session.api().design().recordTest(name, TestRecord.ofFiles(files, destination,
                new Trial.Sample(sample.payload(), null), testName)), (TestRecorded made) -> {
            if (!name.equals(draft.interfaceName())) return;
            draft.addFile(made.path(), made.text());
            onRecorded.forEach(Runnable::run);
            status.set("Recorded " + made.path() + " (expects " + made.expects() + "); running the tests…");
            run();
        }, status::set);
    }

    /** Runs once a recorded test joined the draft (the tree lists the new file). */
    public void onRecorded(Runnable action) {
        onRecorded.add(action);
    }

    private void codeChanged() {
        if (!ranOnCurrentCode) return;
        ranOnCurrentCode = false;
        if (!rows.isEmpty()) status.set(status.get() + " · the code has changed since: run again");
    }

    public ObservableList<TestRow> rows() {
        return rows;
    }

    public ObjectProperty<TestRow> selectedProperty() {
        return selected;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The selected failure's expected → actual as a unified diff; empty when it passed or is no expectation. */
    public ReadOnlyStringProperty differenceProperty() {
        return difference.getReadOnlyProperty();
    }

    /** The selected test's failure text, where it was thrown, and what it logged. */
    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
