package io.ductus.studio.design;

import io.ductus.client.ApiException;
import io.ductus.client.model.Deploy;
import io.ductus.client.model.Deployed;
import io.ductus.client.model.Diff;
import io.ductus.client.model.DraftSave;
import io.ductus.client.model.Replay;
import io.ductus.client.model.RevisionList;
import io.ductus.client.model.TestRun;
import io.ductus.client.model.TestRunResult;
import io.ductus.studio.server.ServerSession;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The deploy review: the draft saved, its per-file diff against what runs, the last replay of the interface
 * (its summary), the draft's tests run before the deploy, a message, then deploy (the engine runs the interface's tests and refuses on a failure). When
 * someone deployed in between (409), it shows their change and offers to rebase the draft onto it.
 */
public final class DeployViewModel {

    /** What the review read: the diff from what runs to the draft, the newest replay of this interface, the draft's tests. */
    record Review(Diff diff, Replay lastReplay, TestRunResult tests) {
    }

    private final ServerSession session;
    private final DraftViewModel draft;
    private final ObservableList<Diff.FileDiff> files = FXCollections.observableArrayList();
    private final ObjectProperty<Diff.FileDiff> selectedFile = new SimpleObjectProperty<>();
    private final StringProperty message = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper replaySummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper testsSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper theirChange = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper conflict = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private Runnable onDeployed = () -> { };
    private Integer theirRevision;

    public DeployViewModel(ServerSession session, DraftViewModel draft) {
        this.session = session;
        this.draft = draft;
    }

    /** Saves the draft as it is now and reads its diff against the running revision. */
    public void review() {
        String name = draft.interfaceName();
        if (name.isEmpty()) return;
        draft.flush();
        Map<String, String> working = draft.files();
        Map<String, String> binary = draft.binaryFiles();
        Integer base = draft.baseProperty().get();
        busy.set(true);
        conflict.set(false);
        theirChange.set("");
        status.set("Reading the diff, running the tests…");
        testsSummary.set("");
        session.call(() -> {
            session.api().design().saveDraft(name, new DraftSave(base, working, binary));
            Diff diff = session.api().design().diff(name, draft.runningProperty().get() == null ? null : "running", "draft");
            return new Review(diff, lastReplay(name), session.api().design().tests(name, TestRun.ofFiles(working)));
        }, r -> {
            busy.set(false);
            files.setAll(r.diff().files());
            selectedFile.set(files.isEmpty() ? null : files.getFirst());
            replaySummary.set(describe(r.lastReplay()));
            testsSummary.set(describe(r.tests()));
            status.set(files.isEmpty() ? "The draft is the same as what runs: nothing to deploy"
                    : files.size() + " file(s) changed against " + (draft.runningProperty().get() == null ? "nothing (a new interface)"
                    : "revision " + draft.runningProperty().get()));
        }, problem -> {
            busy.set(false);
            status.set(problem);
        });
    }

    private Replay lastReplay(String name) {
        for (Replay r : session.api().replays().list(20).replays()) {
            Object interfaces = r.request().get("interfaces");
            if (interfaces instanceof List<?> l && l.contains(name)) return r;
        }
        return null;
    }

    static String describe(Replay r) {
        if (r == null) return "No replay of this interface yet: the Replay screen runs the draft on last week's traffic.";
        Replay.Summary s = r.summary();
        return "Replay " + r.id() + " (" + r.request().getOrDefault("candidate", "?") + ", " + r.status() + "): " + s.messages() + " messages, "
                + s.kind("same") + " same, " + s.kind("changed") + " changed, " + s.kind("decision_changed") + " decision changed, "
                + s.kind("error") + " errors";
    }

    /** The draft's tests as the review ran them: what the deploy will meet. */
    static String describe(TestRunResult t) {
        if (!t.ran()) return "Tests: none ran, the draft has " + t.problems().size() + " problem(s): " + (t.problems().isEmpty() ? ""
                : t.problems().getFirst().text());
        if (t.passed() + t.failed() == 0) return "Tests: this interface has none (the Tests panel records one from a sample).";
        if (t.failed() == 0) return "Tests on the draft: all " + t.passed() + " passed.";
        String first = t.files().stream().flatMap(f -> java.util.stream.Stream.concat(
                        java.util.stream.Stream.ofNullable(f.loadFailure()), f.tests().stream().map(TestRunResult.TestCase::failure)))
                .filter(java.util.Objects::nonNull).map(io.ductus.client.model.TestFailure::text).findFirst().orElse("");
        return "Tests on the draft: " + t.failed() + " failed, " + t.passed() + " passed — the deploy will be refused. First: " + first;
    }

    /** Deploys the draft live with the message; the engine runs its tests first. */
    public void deploy() {
        String name = draft.interfaceName();
        Integer base = draft.baseProperty().get();
        String why = message.get().isBlank() ? null : message.get().strip();
        busy.set(true);
        status.set("Deploying…");
        session.attempt(() -> {
            Deployed d = session.api().design().deploy(name, new Deploy(base, null, null, true, why));
            var files = session.api().design().revision(name, d.revision().revision()).files();
            return Map.entry(d, files);
        }, done -> {
            busy.set(false);
            Deployed d = done.getKey();
            draft.rebased(d.revision().revision(), d.revision().revision(), done.getValue(), false);
            message.set("");
            status.set("Deployed revision " + d.revision().revision() + (d.tests() == null ? "" : " · tests: " + d.tests().passed() + " passed, "
                    + d.tests().failed() + " failed") + (d.swap() != null && d.swap().live() ? " · swapped live" : "")
                    + (d.notes().isEmpty() ? "" : " · " + String.join("; ", d.notes())));
            onDeployed.run();
        }, e -> {
            busy.set(false);
            if (e instanceof ApiException api && api.kind() == ApiException.Kind.CONFLICT) conflicted(name, base, api);
            else status.set(session.problem(e) + (e instanceof ApiException api && !api.problems().isEmpty()
                    ? "\n" + String.join("\n", api.problems()) : ""));
        });
    }

    /** Someone deployed since the draft's base: show what they changed. */
    private void conflicted(String name, Integer base, ApiException refusal) {
        conflict.set(true);
        status.set(refusal.detail());
        session.call(() -> {
            RevisionList list = session.api().design().revisions(name, null, 1);
            Integer current = list.current();
            Diff theirs = session.api().design().diff(name, base == null ? null : String.valueOf(base), String.valueOf(current));
            var who = list.revisions().isEmpty() ? null : list.revisions().getFirst();
            return Map.entry(current, (who == null ? "" : "Revision " + who.revision() + " by " + who.author()
                    + (who.message() == null ? "" : ": " + who.message()) + "\n") + theirs.patch());
        }, r -> {
            theirRevision = r.getKey();
            theirChange.set(r.getValue());
        }, status::set);
    }

    /** Rebases the draft onto their revision: my changes applied to their files; refused where both changed the same lines. */
    public void rebase() {
        String name = draft.interfaceName();
        Integer base = draft.baseProperty().get();
        Integer onto = theirRevision;
        if (onto == null) return;
        Map<String, String> mine = draft.files();
        Map<String, String> binary = draft.binaryFiles();
        busy.set(true);
        session.call(() -> {
            Map<String, String> original = base == null ? Map.of() : session.api().design().revision(name, base).files();
            Map<String, String> theirs = session.api().design().revision(name, onto).files();
            DraftRebase.Result merged = DraftRebase.rebase(original, mine, theirs);
            if (merged.conflicts().isEmpty()) session.api().design().saveDraft(name, new DraftSave(onto, merged.files(), binary));
            return Map.entry(merged, theirs);
        }, r -> {
            busy.set(false);
            DraftRebase.Result merged = r.getKey();
            if (!merged.conflicts().isEmpty()) {
                status.set("Not rebased: both changed the same lines of " + String.join(", ", merged.conflicts())
                        + ". Your draft is kept as it is.");
                return;
            }
            conflict.set(false);
            theirChange.set("");
            draft.open(name);
            status.set("Rebased onto revision " + onto + ": review the diff again, then deploy");
        }, problem -> {
            busy.set(false);
            status.set(problem);
        });
    }

    public void onDeployed(Runnable action) {
        this.onDeployed = action;
    }

    public ObservableList<Diff.FileDiff> files() {
        return files;
    }

    public ObjectProperty<Diff.FileDiff> selectedFileProperty() {
        return selectedFile;
    }

    public StringProperty messageProperty() {
        return message;
    }

    /** The draft's tests, run by the review before the deploy. */
    public ReadOnlyStringProperty testsSummaryProperty() {
        return testsSummary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty replaySummaryProperty() {
        return replaySummary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty theirChangeProperty() {
        return theirChange.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty conflictProperty() {
        return conflict.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }
}
