package io.ductus.studio.design;

import io.ductus.client.ApiException;
import io.ductus.client.model.Draft;
import io.ductus.client.model.DraftSave;
import io.ductus.client.model.FileProblem;
import io.ductus.client.model.InterfaceInfo;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.Debouncer;
import io.ductus.studio.task.Delays;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One interface open in the designer: its files as they run (the deployed revision) and as edited (the caller's
 * draft on the server, else a copy of what runs), the file shown in the editor, and the draft autosaved to the
 * server a moment after typing stops. A save that fails (connection lost) keeps the text here and is tried
 * again until the server has it; nothing typed is lost by closing the studio either ({@link #flush}).
 */
public final class DraftViewModel {

    static final Duration AUTOSAVE = Duration.ofMillis(800);
    static final Duration RETRY = Duration.ofSeconds(5);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** What opening an interface read: the revision it runs and its files, and the caller's draft if any. */
    record Opened(String name, Integer running, Map<String, String> deployed, Draft draft) {
    }

    private final ServerSession session;
    private final Delays delays;
    private final Debouncer autosave;
    private final ReadOnlyStringWrapper interfaceName = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Integer> base = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Integer> running = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> paths = FXCollections.observableArrayList();
    private final ObjectProperty<String> selectedPath = new SimpleObjectProperty<>();
    private final StringProperty text = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper saveState = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasDraft = new ReadOnlyBooleanWrapper();
    private final ObservableList<FileProblem> problems = FXCollections.observableArrayList();
    private final ObservableList<FileProblem> fileProblems = FXCollections.observableArrayList();
    private final Map<String, String> files = new TreeMap<>();
    private final List<Runnable> onEdited = new ArrayList<>();
    private Map<String, String> deployed = Map.of();
    private Map<String, String> binaryFiles = Map.of();
    private boolean showing;
    private long edits;
    private long savedEdits;
    private boolean saving;
    private String selectWhenOpened;
    private final Map<String, DraftSave> pending = new java.util.HashMap<>();
    private final Map<String, List<FileProblem>> problemsBySource = new LinkedHashMap<>();
    private final List<java.util.function.IntConsumer> revealers = new ArrayList<>();

    public DraftViewModel(ServerSession session, Delays delays) {
        this.session = session;
        this.delays = delays;
        this.autosave = new Debouncer(delays, AUTOSAVE, this::save);
        selectedPath.addListener((o, a, path) -> show(path));
        text.addListener((o, a, t) -> edited(t));
        problems.addListener((javafx.collections.ListChangeListener<FileProblem>) c -> filterProblems());
    }

    /** Opens an interface: the caller's draft of it when there is one, else the files it runs. */
    public void open(String name) {
        leaving();
        session.call(() -> read(name), this::opened, saveState::set);
    }

    private Opened read(String name) {
        InterfaceInfo info;
        try {
            info = session.api().anInterface(name);
        } catch (ApiException e) {
            if (e.kind() != ApiException.Kind.NOT_FOUND) throw e;
            info = null; // a new interface: only the caller's draft has it
        }
        Integer revision = info == null ? null : info.revision();
        Map<String, String> runningFiles = revision == null ? Map.of() : session.api().design().revision(name, revision).files();
        Draft draft;
        try {
            draft = session.api().design().draft(name);
        } catch (ApiException e) {
            if (e.kind() != ApiException.Kind.NOT_FOUND) throw e;
            draft = null;
        }
        if (info == null && draft == null) throw new ApiException(ApiException.Kind.NOT_FOUND, 404, "Not found", "There is no interface " + name + ".");
        return new Opened(name, revision, runningFiles, draft);
    }

    void opened(Opened o) {
        interfaceName.set(o.name());
        running.set(o.running());
        deployed = Map.copyOf(o.deployed());
        files.clear();
        files.putAll(o.draft() == null ? o.deployed() : o.draft().files());
        binaryFiles = o.draft() == null ? Map.of() : o.draft().binaryFiles();
        base.set(o.draft() == null ? o.running() : o.draft().base());
        hasDraft.set(o.draft() != null);
        edits = 0;
        savedEdits = 0;
        problemsBySource.clear();
        problems.clear();
        DraftSave notSaved = pending.remove(o.name());
        if (notSaved != null) {
            files.clear();
            files.putAll(notSaved.files());
            binaryFiles = notSaved.binaryFiles();
            base.set(notSaved.base());
            edits = 1; // the editor's saving takes it on from here
            autosave.touch();
        }
        if (notSaved != null) saveState.set("Not saved yet: kept here since the last try, trying again");
        else saveState.set(o.draft() == null ? "No draft: editing starts one, saved on the server as you type"
                : "Your draft, saved " + time(o.draft().updatedAt()) + (o.draft().baseIsCurrent() ? ""
                : " · someone deployed revision " + o.draft().current() + " since it was started from " + o.draft().base()));
        paths.setAll(files.keySet());
        String wanted = selectWhenOpened != null && files.containsKey(selectWhenOpened) ? selectWhenOpened : null;
        selectWhenOpened = null;
        String first = wanted != null ? wanted : files.keySet().stream().filter(p -> p.endsWith(".js") && !p.contains("/tests/")).findFirst()
                .orElse(files.isEmpty() ? null : files.keySet().iterator().next());
        selectedPath.set(null);
        selectedPath.set(first);
        onEdited.forEach(Runnable::run);
    }

    /** Starts a new interface from its first files: saved as the caller's draft at once (nothing runs until deployed). */
    public void startNew(String name, Map<String, String> first) {
        leaving();
        opened(new Opened(name, null, Map.of(), null));
        files.putAll(first);
        paths.setAll(files.keySet());
        edits++;
        selectedPath.set(first.keySet().stream().filter(p -> p.endsWith(".js")).findFirst().orElse(first.keySet().iterator().next()));
        show(selectedPath.get());
        save();
        onEdited.forEach(Runnable::run);
    }

    /** The file to show once the interface being opened is read (a search hit in it). */
    void selectWhenOpened(String path) {
        selectWhenOpened = path;
    }

    private void show(String path) {
        showing = true;
        try {
            text.set(path == null ? "" : files.getOrDefault(path, ""));
        } finally {
            showing = false;
        }
        filterProblems();
    }

    private void edited(String t) {
        String path = selectedPath.get();
        if (showing || path == null || t.equals(files.get(path))) return;
        files.put(path, t);
        edits++;
        saveState.set("Edited · saving in a moment");
        autosave.touch();
        onEdited.forEach(Runnable::run);
    }

    /** Before another interface is shown: what waits is saved now, and what failed to save is kept and tried again. */
    private void leaving() {
        flush();
        if (!interfaceName.get().isEmpty() && edits != savedEdits && !saving) {
            unsaved(interfaceName.get(), new DraftSave(base.get(), new LinkedHashMap<>(files), binaryFiles));
        }
    }

    /** Saves the draft now if anything waits to be saved (closing the window, deploying). */
    public void flush() {
        autosave.flush();
    }

    private void save() {
        if (saving || edits == savedEdits || interfaceName.get().isEmpty()) return;
        saving = true;
        long upTo = edits;
        String name = interfaceName.get();
        DraftSave draft = new DraftSave(base.get(), new LinkedHashMap<>(files), binaryFiles);
        saveState.set("Saving the draft…");
        session.call(() -> session.api().design().saveDraft(name, draft), saved -> {
            saving = false;
            if (name.equals(interfaceName.get())) {
                savedEdits = Math.max(savedEdits, upTo);
                hasDraft.set(true);
                saveState.set("Draft saved on the server " + time(saved.updatedAt()));
            }
            if (edits != savedEdits) autosave.touch(); // typed meanwhile, here or in the interface opened since
        }, problem -> {
            saving = false;
            if (name.equals(interfaceName.get())) {
                saveState.set("Not saved yet (" + problem + "); kept here and tried again in " + RETRY.toSeconds() + " s");
                delays.after(RETRY, this::save);
            } else {
                unsaved(name, draft); // another interface is open now: this one's text must not be lost for it
            }
        });
    }

    /**
     * A draft whose save failed after another interface was opened: kept here, shown when it is opened again,
     * and tried again until the server has it.
     */
    private void unsaved(String name, DraftSave draft) {
        pending.put(name, draft);
        delays.after(RETRY, () -> {
            DraftSave still = pending.get(name);
            if (still != draft) return; // opened again since: the editor's own saving has it
            session.call(() -> session.api().design().saveDraft(name, draft), saved -> pending.remove(name, draft), p -> unsaved(name, draft));
        });
    }

    /** The whole working copy: every file of the draft as edited (what a trial or a deploy sends). */
    public Map<String, String> files() {
        return Map.copyOf(files);
    }

    /** The draft's files that are not text (base64), kept as they were read. */
    public Map<String, String> binaryFiles() {
        return binaryFiles;
    }

    /** The files the engine runs (the deployed revision's). */
    public Map<String, String> deployed() {
        return deployed;
    }

    /** Whether everything typed is on the server. */
    public boolean saved() {
        return edits == savedEdits && !autosave.waiting();
    }

    /** Runs after every edit and after opening (the live trial listens). */
    public void onEdited(Runnable action) {
        onEdited.add(action);
    }

    /** The latest check of the code (a trial's problems): all files', and the shown file's for the gutter. */
    public void problems(List<FileProblem> found) {
        problems("trial", found);
    }

    /**
     * The latest problems from one source (the trial's check, the tests' failures): each source's replace its own,
     * and the editor shows them all (once each).
     */
    public void problems(String source, List<FileProblem> found) {
        problemsBySource.put(source, List.copyOf(found));
        problems.setAll(problemsBySource.values().stream().flatMap(List::stream).distinct().toList());
    }

    /** A new file in the working copy (a recorded test): shown in the editor, saved with the draft as any edit. */
    public void addFile(String path, String content) {
        if (interfaceName.get().isEmpty()) return;
        files.put(path, content);
        paths.setAll(files.keySet());
        edits++;
        saveState.set("Edited · saving in a moment");
        autosave.touch();
        selectedPath.set(path);
        show(path);
        onEdited.forEach(Runnable::run);
    }

    /** Shows a file at a line (a failed test's): the editor moves there. */
    public void reveal(String path, int line) {
        if (!files.containsKey(path)) return;
        selectedPath.set(path);
        revealers.forEach(r -> r.accept(line));
    }

    /** The editor moves to the line it is given (from 1) when a file is revealed. */
    public void onReveal(java.util.function.IntConsumer editor) {
        revealers.add(editor);
    }

    private void filterProblems() {
        String path = selectedPath.get();
        fileProblems.setAll(problems.stream().filter(p -> path != null && path.equals(p.file())).toList());
    }

    /** After a deploy or a rebase: the draft is gone, or starts from another revision. */
    void rebased(Integer newBase, Integer newRunning, Map<String, String> newDeployed, boolean draftKept) {
        base.set(newBase);
        running.set(newRunning);
        deployed = Map.copyOf(newDeployed);
        hasDraft.set(draftKept);
        if (!draftKept) {
            savedEdits = edits;
            saveState.set("Deployed as revision " + newRunning + "; no draft");
        } else {
            edits++;
            autosave.touch();
        }
    }

    private static String time(java.time.Instant at) {
        return at == null ? "" : CLOCK.format(at.atZone(ZoneId.systemDefault()));
    }

    public ReadOnlyStringProperty interfaceNameProperty() {
        return interfaceName.getReadOnlyProperty();
    }

    public String interfaceName() {
        return interfaceName.get();
    }

    public ReadOnlyObjectProperty<Integer> baseProperty() {
        return base.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Integer> runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ObservableList<String> paths() {
        return paths;
    }

    public ObjectProperty<String> selectedPathProperty() {
        return selectedPath;
    }

    /** The shown file's text, as the editor holds it (two-way). */
    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyStringProperty saveStateProperty() {
        return saveState.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasDraftProperty() {
        return hasDraft.getReadOnlyProperty();
    }

    public ObservableList<FileProblem> problems() {
        return problems;
    }

    /** The problems of the file in the editor, for its gutter. */
    public ObservableList<FileProblem> fileProblems() {
        return fileProblems;
    }
}
