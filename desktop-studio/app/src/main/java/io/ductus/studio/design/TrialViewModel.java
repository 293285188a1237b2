package io.ductus.studio.design;

import io.ductus.client.model.Trial;
import io.ductus.client.model.TrialResult;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.hl7.Hl7TreeViewModel;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.Cancellable;
import io.ductus.studio.task.Debouncer;
import io.ductus.studio.task.Delays;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The live trial: sample messages (from the browser's stored messages, a file, or pasted), shown as the HL7
 * tree; a short pause after each edit runs the draft's files on the samples on the server, the call before
 * cancelled, and shows per sample and destination the decision, the output and its differences from the
 * deployed revision's output field by field, with the log lines and service calls beside it.
 */
public final class TrialViewModel {

    /** Long enough to let a burst of keys pass, short enough that the result follows the typing. */
    static final Duration PAUSE = Duration.ofMillis(150);

    private final ServerSession session;
    private final DraftViewModel draft;
    private final Hl7TreeReader reader;
    private final Hl7TreeViewModel tree;
    private final Debouncer debouncer;
    private final ObservableList<Sample> samples = FXCollections.observableArrayList();
    private final ObjectProperty<Sample> selectedSample = new SimpleObjectProperty<>();
    private final ObservableList<TrialRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<TrialRow> selectedRow = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<TrialResult> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Add a sample message to try the code on");
    private final ReadOnlyStringWrapper sampleProblem = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final List<Consumer<String>> insertions = new ArrayList<>();
    private Cancellable inFlight = Cancellable.NONE;
    private long generation;
    private long startedNanos;
    private long lastResultNanos;

    public TrialViewModel(ServerSession session, DraftViewModel draft, Delays delays, Hl7TreeReader reader, Hl7TreeViewModel tree) {
        this.session = session;
        this.draft = draft;
        this.reader = reader;
        this.tree = tree;
        this.debouncer = new Debouncer(delays, PAUSE, this::run);
        draft.onEdited(debouncer::touch);
        selectedSample.addListener((o, a, s) -> showTree(s));
        samples.addListener((javafx.collections.ListChangeListener<Sample>) c -> debouncer.touch());
    }

    // ---- samples

    /** A stored message as a sample (its payload: needs the payloads permission, and the read is audited). */
    public void addStoredMessage(long id) {
        session.call(() -> session.api().payload(id).text(), text -> add(new Sample("message " + id, text)), sampleProblem::set);
    }

    /** Asks for a stored message's id and adds it. */
    public void askStoredMessage() {
        session.dialogs().askText("Sample from a stored message", "The id of a stored message (the browser's first column).", "message id")
                .ifPresent(text -> {
                    try {
                        addStoredMessage(Long.parseLong(text.strip()));
                    } catch (NumberFormatException e) {
                        sampleProblem.set("Not a message id: " + text.strip());
                    }
                });
    }

    /** Asks for a file and adds its content. */
    public void chooseFile() {
        session.dialogs().openFile("Sample message from a file").ifPresent(this::addFile);
    }

    /** A file's content as a sample (read off the UI thread). */
    public void addFile(Path file) {
        session.call(() -> Files.readString(file, StandardCharsets.UTF_8), text -> add(new Sample(file.getFileName().toString(), text)),
                sampleProblem::set);
    }

    /** Pasted text as a sample. */
    public void addPasted(String text) {
        if (text == null || text.isBlank()) {
            sampleProblem.set("Nothing to add: paste a message first.");
            return;
        }
        add(new Sample("pasted " + (samples.size() + 1), text));
    }

    private void add(Sample s) {
        sampleProblem.set("");
        samples.add(s);
        selectedSample.set(s);
    }

    public void removeSelectedSample() {
        Sample s = selectedSample.get();
        if (s != null) samples.remove(s);
        selectedSample.set(samples.isEmpty() ? null : samples.getFirst());
    }

    private void showTree(Sample s) {
        if (s == null) {
            tree.show(null);
            return;
        }
        try {
            tree.show(reader.read(s.payload()));
            sampleProblem.set("");
        } catch (Hl7TreeReader.Hl7ReadException e) {
            tree.show(null);
            sampleProblem.set("Not shown as HL7: " + e.getMessage());
        }
    }

    /** What clicking a field of the sample's tree puts at the editor's cursor: {@code msg.get('PID-5.2')}. */
    public void insertPathOf(io.ductus.studio.hl7.Hl7Node node) {
        if (node == null || node.kind() == io.ductus.studio.hl7.Hl7Node.Kind.MESSAGE) return;
        String code = "msg.get('" + node.path() + "')";
        insertions.forEach(i -> i.accept(code));
    }

    /** The editor inserts what it is given at its cursor. */
    public void onInsert(Consumer<String> editor) {
        insertions.add(editor);
    }

    // ---- the trial

    /** Runs the trial now (a button, F9); after edits it runs by itself once typing pauses. */
    public void run() {
        String name = draft.interfaceName();
        if (name.isEmpty() || samples.isEmpty()) return;
        inFlight.cancel(); // what it would answer is about code that is no longer in the editor
        long mine = ++generation;
        Map<String, String> files = draft.files();
        List<Trial.Sample> inline = samples.stream().map(s -> new Trial.Sample(s.payload(), null)).toList();
        List<String> labels = samples.stream().map(Sample::label).toList();
        running.set(true);
        status.set("Trying…");
        startedNanos = System.nanoTime();
        String compare = draft.runningProperty().get() == null ? "input" : "deployed"; // a new interface has nothing deployed
        inFlight = session.call(() -> session.api().design().trial(name, Trial.ofFiles(files, inline, compare)), r -> {
            if (mine != generation) return;
            shown(r, labels);
        }, problem -> {
            if (mine != generation) return;
            running.set(false);
            status.set(problem);
        });
    }

    private void shown(TrialResult r, List<String> labels) {
        running.set(false);
        lastResultNanos = System.nanoTime() - startedNanos;
        result.set(r);
        draft.problems(r.problems());
        String selectedKey = selectedRow.get() == null ? null : selectedRow.get().sample() + "/" + selectedRow.get().destination();
        List<TrialRow> fresh = new ArrayList<>();
        for (int i = 0; i < r.messages().size(); i++) {
            String label = i < labels.size() ? labels.get(i) : r.messages().get(i).label();
            for (TrialResult.DestinationResult d : r.messages().get(i).destinations()) fresh.add(new TrialRow(label, d));
        }
        rows.setAll(fresh);
        TrialRow keep = fresh.stream().filter(row -> (row.sample() + "/" + row.destination()).equals(selectedKey)).findFirst()
                .orElse(fresh.isEmpty() ? null : fresh.getFirst());
        selectedRow.set(keep);
        if (!r.problems().isEmpty()) {
            status.set(r.problems().size() + (r.problems().size() == 1 ? " problem: " : " problems, the first: ") + r.problems().getFirst().text());
        } else {
            status.set("Tried on " + r.messages().size() + " sample(s) in " + Math.round(r.tookMs()) + " ms"
                    + (r.comparedWithRevision() == null ? "" : " · compared with revision " + r.comparedWithRevision()));
        }
    }

    /** How long the last trial took from the call to its answer here (the benchmark reads it). */
    public long lastResultNanos() {
        return lastResultNanos;
    }

    public ObservableList<Sample> samples() {
        return samples;
    }

    public ObjectProperty<Sample> selectedSampleProperty() {
        return selectedSample;
    }

    public Hl7TreeViewModel tree() {
        return tree;
    }

    public ObservableList<TrialRow> rows() {
        return rows;
    }

    public ObjectProperty<TrialRow> selectedRowProperty() {
        return selectedRow;
    }

    public ReadOnlyObjectProperty<TrialResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty sampleProblemProperty() {
        return sampleProblem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
