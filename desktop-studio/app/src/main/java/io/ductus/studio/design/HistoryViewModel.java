package io.ductus.studio.design;

import io.ductus.client.model.Diff;
import io.ductus.client.model.RevisionList;
import io.ductus.client.model.RevisionSummary;
import io.ductus.client.model.Rollback;
import io.ductus.studio.server.ServerSession;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * An interface's history: its revisions with who, when, how and why; the diff of any two (or of one against the
 * one before it); rolling back to an older revision, confirmed and with a reason, as a new revision.
 */
public final class HistoryViewModel {

    private final ServerSession session;
    private final ObservableList<RevisionSummary> revisions = FXCollections.observableArrayList();
    private final ObjectProperty<RevisionSummary> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<RevisionSummary> comparedWith = new SimpleObjectProperty<>();
    private final ObservableList<Diff.FileDiff> diff = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper patch = new ReadOnlyStringWrapper("");
    private String interfaceName = "";
    private Integer current;
    private Runnable onRolledBack = () -> { };

    public HistoryViewModel(ServerSession session) {
        this.session = session;
        selected.addListener((o, a, r) -> readDiff());
        comparedWith.addListener((o, a, r) -> readDiff());
    }

    public void load(String name) {
        interfaceName = name;
        session.call(() -> session.api().design().revisions(name, null, 100), this::loaded, status::set);
    }

    private void loaded(RevisionList list) {
        current = list.current();
        revisions.setAll(list.revisions());
        status.set(list.revisions().size() + " revision(s) · current " + list.current() + " · this engine runs " + list.running());
        if (selected.get() == null && !revisions.isEmpty()) selected.set(revisions.getFirst());
    }

    /** The diff of the selected revision against the compared one (default: the revision before it). */
    private void readDiff() {
        RevisionSummary to = selected.get();
        if (to == null || interfaceName.isEmpty()) {
            diff.clear();
            patch.set("");
            return;
        }
        RevisionSummary from = comparedWith.get();
        String name = interfaceName;
        session.call(() -> session.api().design().diff(name, from == null ? null : String.valueOf(from.revision()), String.valueOf(to.revision())),
                d -> {
                    diff.setAll(d.files());
                    patch.set(d.patch().isEmpty() ? "No difference." : d.patch());
                }, status::set);
    }

    /** Deploys the selected revision's files again as a new revision, after a confirmation with a reason. */
    public void rollback() {
        RevisionSummary target = selected.get();
        if (target == null) return;
        Optional<String> why = session.dialogs().askText("Roll back " + interfaceName,
                "Deploy revision " + target.revision() + "'s files again, live, as a new revision (current: " + current + ")."
                        + " The interface's tests run first.", "why (kept in the history)");
        if (why.isEmpty()) return;
        String name = interfaceName;
        Integer base = current;
        session.call(() -> session.api().design().rollback(name, new Rollback(target.revision(), base, why.get())), d -> {
            status.set("Rolled back: revision " + d.revision().revision() + " has revision " + target.revision() + "'s files");
            selected.set(null);
            load(name);
            onRolledBack.run();
        }, status::set);
    }

    public void onRolledBack(Runnable action) {
        this.onRolledBack = action;
    }

    public ObservableList<RevisionSummary> revisions() {
        return revisions;
    }

    public ObjectProperty<RevisionSummary> selectedProperty() {
        return selected;
    }

    /** The revision the selected one is compared with (null: the one before it). */
    public ObjectProperty<RevisionSummary> comparedWithProperty() {
        return comparedWith;
    }

    public ObservableList<Diff.FileDiff> diff() {
        return diff;
    }

    public ReadOnlyStringProperty patchProperty() {
        return patch.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
