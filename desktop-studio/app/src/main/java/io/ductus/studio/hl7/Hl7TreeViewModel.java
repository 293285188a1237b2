package io.ductus.studio.hl7;

import io.ductus.format.hl7.Hl7Dictionary;
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
 * The HL7 tree of one payload: its positions, what the standard's dictionary (ductus-formats'
 * {@link Hl7Dictionary}, in the version the message's MSH-12 names) says of each (name and data type, on hover
 * and in the side panel), and the selected position's details. Takes a tree already read by {@link Hl7TreeReader}.
 */
public final class Hl7TreeViewModel {

    /** A line of the side panel: the position, its name and type, its value. */
    public record Detail(String path, String name, String dataType, String value) {
    }

    /** What the dictionary says of one position: its name and data type. */
    public record Entry(String name, String dataType) {
    }

    private final Hl7Dictionary dictionary;
    private String version = "";
    private final ObjectProperty<Hl7Node> root = new SimpleObjectProperty<>();
    private final ObjectProperty<Hl7Node> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper selectedTitle = new ReadOnlyStringWrapper("");
    private final ObservableList<Detail> details = FXCollections.observableArrayList();

    public Hl7TreeViewModel(Hl7Dictionary dictionary) {
        this.dictionary = dictionary;
        selected.addListener((o, was, node) -> describeSelection(node));
    }

    /** Shows a tree read by {@link Hl7TreeReader}; null shows nothing. */
    public void show(Hl7TreeReader.Hl7Tree tree) {
        Hl7Node message = tree == null ? null : tree.root();
        version = tree == null ? "" : tree.version();
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
        Optional<Entry> entry = describe(node);
        return node.path() + entry.map(e -> "  " + e.name()).orElse("") + (node.children().isEmpty() ? "   " + shorten(node.value()) : "");
    }

    /** The hover text of a position: path, name, data type and value. */
    public String tooltip(Hl7Node node) {
        Optional<Entry> entry = describe(node);
        return node.path() + entry.map(e -> " — " + e.name() + " (" + e.dataType() + ")").orElse("") + "\n" + node.value();
    }

    /**
     * The name and type of any position of the tree: a field's, or its component's and subcomponent's through
     * their types; empty for Z-segments and positions the standard does not name.
     */
    public Optional<Entry> describe(Hl7Node node) {
        if (node.segment() == null || node.field() == 0) return Optional.empty();
        Optional<Hl7Dictionary.Field> field = dictionary.field(version, node.segment(), node.field());
        if (field.isEmpty()) return Optional.empty();
        if (node.component() == 0) return Optional.of(new Entry(field.get().name(), field.get().dataType()));
        Optional<Hl7Dictionary.Component> component = dictionary.component(version, field.get().dataType(), node.component());
        if (node.subcomponent() > 0) {
            component = component.flatMap(c -> dictionary.component(version, c.componentType(), node.subcomponent()));
        }
        return component.filter(c -> !c.name().isEmpty()).map(c -> new Entry(c.name(), c.componentType()));
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
            Optional<Entry> e = describe(node);
            rows.add(new Detail(node.path(), e.map(Entry::name).orElse(""), e.map(Entry::dataType).orElse(""),
                    node.value()));
        }
        if (depth == 0) return;
        for (Hl7Node child : node.children()) collect(child, rows, depth - 1);
    }

    private static String shorten(String value) {
        return value.length() <= 60 ? value : value.substring(0, 57) + "…";
    }
}
