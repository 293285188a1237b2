package io.ductus.studio.messages;

import io.ductus.client.model.Payload;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.server.ServerSession;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Two messages side by side, field by field: changed, added and removed fields, with the fields to ignore
 * (MSH-7 and MSH-10 at first; any path can be added) and the choice of showing only the differences. Both
 * payloads are read (and audited) when the comparison opens.
 */
public final class CompareViewModel {

    private final ServerSession session;
    private final Hl7TreeReader reader;
    private final Hl7Dictionary dictionary;
    private final ObservableList<MessageComparison.Row> rows = FXCollections.observableArrayList();
    private final StringProperty ignored = new SimpleStringProperty(String.join(", ", MessageComparison.DEFAULT_IGNORED.stream().sorted().toList()));
    private final BooleanProperty onlyDifferences = new SimpleBooleanProperty(true);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Compare two messages");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private Hl7TreeReader.Hl7Tree left;
    private Hl7TreeReader.Hl7Tree right;

    public CompareViewModel(ServerSession session, Hl7TreeReader reader, Hl7Dictionary dictionary) {
        this.session = session;
        this.reader = reader;
        this.dictionary = dictionary;
        ignored.addListener((o, a, b) -> recompute());
        onlyDifferences.addListener((o, a, b) -> recompute());
    }

    public ObservableList<MessageComparison.Row> rows() {
        return rows;
    }

    /** Field paths to leave out, separated by commas or spaces (MSH-7, MSH-10, PID-7). */
    public StringProperty ignoredProperty() {
        return ignored;
    }

    public BooleanProperty onlyDifferencesProperty() {
        return onlyDifferences;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public void compare(long a, long b) {
        title.set("Message " + a + " ⟷ message " + b);
        left = null;
        right = null;
        rows.clear();
        summary.set("Reading both payloads (each read is audited)…");
        session.call(() -> new Payload[] {session.api().payload(a), session.api().payload(b)}, both -> {
            try {
                left = reader.read(both[0].text());
                right = reader.read(both[1].text());
            } catch (Hl7TreeReader.Hl7ReadException e) {
                summary.set("Only HL7 v2 messages can be compared field by field: " + e.getMessage());
                return;
            }
            recompute();
        }, summary::set);
    }

    /** The dictionary's name of a field path such as PID-5 or OBX[2]-5; empty when it has none. */
    public String nameOf(String path) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([A-Z0-9]{3})(?:\\[\\d+])?-(\\d+)").matcher(path);
        if (!m.matches()) return "";
        String version = left == null ? "" : left.version();
        return dictionary.field(version, m.group(1), Integer.parseInt(m.group(2))).map(Hl7Dictionary.Field::name).orElse("");
    }

    /** Adds a field to the ignored ones (from a row's context menu). */
    public void ignore(String path) {
        Set<String> paths = ignoredPaths();
        paths.add(path);
        ignored.set(String.join(", ", paths));
    }

    Set<String> ignoredPaths() {
        Set<String> paths = new LinkedHashSet<>();
        for (String p : ignored.get().split("[,\\s]+")) if (!p.isBlank()) paths.add(p.strip());
        return paths;
    }

    private void recompute() {
        if (left == null || right == null) return;
        List<MessageComparison.Row> all = MessageComparison.compare(left.root(), right.root(), ignoredPaths());
        long changed = all.stream().filter(r -> r.change() == MessageComparison.Change.CHANGED).count();
        long added = all.stream().filter(r -> r.change() == MessageComparison.Change.ADDED).count();
        long removed = all.stream().filter(r -> r.change() == MessageComparison.Change.REMOVED).count();
        rows.setAll(onlyDifferences.get() ? all.stream().filter(r -> r.change() != MessageComparison.Change.SAME).toList() : all);
        summary.set(changed + " changed, " + added + " added, " + removed + " removed"
                + (ignoredPaths().isEmpty() ? "" : " (ignoring " + String.join(", ", ignoredPaths()) + ")"));
    }
}
