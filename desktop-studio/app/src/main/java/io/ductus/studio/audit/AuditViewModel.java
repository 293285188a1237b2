package io.ductus.studio.audit;

import io.ductus.client.model.AuditEntry;
import io.ductus.client.model.AuditPage;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.task.BackgroundTask;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The audit log (permission audit): newest first, read from the engine a page at a time; filtered by actor,
 * action, target or outcome over the rows read (each filter narrows; "Load older" reads on); exported as CSV
 * exactly as shown, the writing done off the UI thread.
 */
public final class AuditViewModel {

    static final int PAGE = 200;

    private final ServerSession session;
    private final ObservableList<AuditEntry> read = FXCollections.observableArrayList();
    private final FilteredList<AuditEntry> shown = new FilteredList<>(read);
    private final StringProperty actor = new SimpleStringProperty("");
    private final StringProperty action = new SimpleStringProperty("");
    private final StringProperty target = new SimpleStringProperty("");
    private final StringProperty outcome = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper older = new ReadOnlyBooleanWrapper();
    private Long next;

    public AuditViewModel(ServerSession session) {
        this.session = session;
        for (StringProperty p : List.of(actor, action, target, outcome)) p.addListener((o, a, b) -> refilter());
    }

    public FilteredList<AuditEntry> shown() {
        return shown;
    }

    public StringProperty actorProperty() {
        return actor;
    }

    public StringProperty actionProperty() {
        return action;
    }

    public StringProperty targetProperty() {
        return target;
    }

    public StringProperty outcomeProperty() {
        return outcome;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty olderProperty() {
        return older.getReadOnlyProperty();
    }

    public boolean mayRead() {
        return session.me() != null && session.me().has("audit");
    }

    public void load() {
        read.clear();
        next = null;
        page(null);
    }

    public void loadOlder() {
        if (next != null) page(next);
    }

    private void page(Long before) {
        session.call(() -> session.api().audit(before, PAGE), (AuditPage p) -> {
            read.addAll(p.entries());
            next = p.next();
            older.set(next != null);
            refilter();
        }, message::set);
    }

    private void refilter() {
        String a = norm(actor.get());
        String ac = norm(action.get());
        String t = norm(target.get());
        String o = norm(outcome.get());
        shown.setPredicate(e -> has(e.actor(), a) && has(e.action(), ac) && has(e.target(), t) && has(e.outcome(), o));
        summary.set(shown.size() + " of " + read.size() + " rows read" + (older.get() ? " (older rows not read yet)" : ""));
    }

    private static String norm(String s) {
        return s == null ? "" : s.strip().toLowerCase(Locale.ROOT);
    }

    private static boolean has(String value, String wanted) {
        return wanted.isEmpty() || (value != null && value.toLowerCase(Locale.ROOT).contains(wanted));
    }

    /** Writes the rows shown as CSV to a file the user chooses. */
    public void export() {
        Optional<Path> file = session.dialogs().saveFile("Export the audit log", "ductus-audit.csv");
        if (file.isEmpty()) return;
        List<AuditEntry> rows = new ArrayList<>(shown);
        session.tasks().execute(BackgroundTask.of(() -> {
            write(rows, file.get());
            return rows.size();
        }).onSuccess(n -> message.set(n + " rows written to " + file.get()))
                .onFailure(e -> message.set("Could not write " + file.get() + ": " + e.getMessage())));
    }

    static void write(List<AuditEntry> rows, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("id,at,actor,via,address,action,target,outcome,detail\r\n");
            for (AuditEntry e : rows) {
                out.write(String.join(",", String.valueOf(e.id()), csv(String.valueOf(e.at())), csv(e.actor()), csv(e.via()), csv(e.address()),
                        csv(e.action()), csv(e.target()), csv(e.outcome()), csv(e.detail() == null || e.detail().isNull() ? null : e.detail().toString())));
                out.write("\r\n");
            }
        }
    }

    static String csv(String value) {
        if (value == null) return "";
        boolean quote = value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r");
        return quote ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
