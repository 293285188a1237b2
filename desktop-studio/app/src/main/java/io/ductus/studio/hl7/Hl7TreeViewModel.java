package io.ductus.studio.hl7;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The HL7 tree of one payload: its positions, what the dictionary says of each (name and data type, on hover
 * and in the side panel), and the selected position's details. Takes a tree already read and a dictionary, so
 * it knows nothing of the parser behind {@link Hl7TreeReader}.
 */
public final class Hl7TreeViewModel {

    /** A line of the side panel: the position, its name and type, its value. */
    public record Detail(String path, String name, String dataType, String value) {
    }

    private final Hl7Dictionary dictionary;
    private final ObjectProperty<Hl7Node> root = new SimpleObjectProperty<>();
    private final ObjectProperty<Hl7Node> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper selectedTitle = new ReadOnlyStringWrapper("");
    private final ObservableList<Detail> details = FXCollections.observableArrayList();

    public Hl7TreeViewModel(Hl7Dictionary dictionary) {
        this.dictionary = dictionary;
        selected.addListener((o, was, node) -> describeSelection(node));
    }

    public void show(Hl7Node message) {
        root.set(message);
        selected.set(message == null || message.children().isEmpty() ? null : message.children().getFirst());
    }

    public ObjectProperty<Hl7Node> rootProperty() {
        return root;
    }

    public ObjectProperty<Hl7Node> selectedProperty() {
        return selected;
    }

    public ReadOnlyStringProperty selectedTitleProperty() {
        return selectedTitle.getReadOnlyProperty();
    }

    /** The selected position and the positions under it, each with its name, type and value. */
    public ObservableList<Detail> details() {
        return details;
    }

    /** What a tree row says: "PID-5 Patient Name  DOE^JOHN" (the name when the dictionary has it). */
    public String label(Hl7Node node) {
        if (node.kind() == Hl7Node.Kind.MESSAGE) return "message";
        if (node.kind() == Hl7Node.Kind.SEGMENT) {
            String name = dictionarySegmentName(node.segment());
            return node.path() + (name.isEmpty() ? "" : "  " + name);
        }
        Optional<Hl7Dictionary.Entry> entry = dictionary.describe(node);
        return node.path() + entry.map(e -> "  " + e.name()).orElse("") + (node.children().isEmpty() ? "   " + shorten(node.value()) : "");
    }

    /** The hover text of a position: path, name, data type and value. */
    public String tooltip(Hl7Node node) {
        Optional<Hl7Dictionary.Entry> entry = dictionary.describe(node);
        return node.path() + entry.map(e -> " — " + e.name() + " (" + e.dataType() + ")").orElse("") + "\n" + node.value();
    }

    private String dictionarySegmentName(String segment) {
        return SegmentNames.of(segment);
    }

    private void describeSelection(Hl7Node node) {
        details.clear();
        if (node == null) {
            selectedTitle.set("");
            return;
        }
        selectedTitle.set(tooltip(node).lines().findFirst().orElse(node.path()));
        List<Detail> rows = new ArrayList<>();
        collect(node, rows, node.kind() == Hl7Node.Kind.SEGMENT ? 1 : 2);
        details.setAll(rows);
    }

    private void collect(Hl7Node node, List<Detail> rows, int depth) {
        if (node.kind() != Hl7Node.Kind.SEGMENT && node.kind() != Hl7Node.Kind.MESSAGE) {
            Optional<Hl7Dictionary.Entry> e = dictionary.describe(node);
            rows.add(new Detail(node.path(), e.map(Hl7Dictionary.Entry::name).orElse(""), e.map(Hl7Dictionary.Entry::dataType).orElse(""),
                    node.value()));
        }
        if (depth == 0) return;
        for (Hl7Node child : node.children()) collect(child, rows, depth - 1);
    }

    private static String shorten(String value) {
        return value.length() <= 60 ? value : value.substring(0, 57) + "…";
    }
}
