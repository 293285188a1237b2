package io.ductus.studio.design;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.client.model.Check;
import io.ductus.client.model.FileProblem;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.settings.SchemaForm;
import io.ductus.studio.settings.YamlDocument;
import io.ductus.studio.task.Cancellable;
import io.ductus.studio.task.Debouncer;
import io.ductus.studio.task.Delays;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The settings of the interface.yaml in the editor as a form generated from the JSON Schema the engine serves
 * (the connectors installed there, plugins' included), kept in step with the YAML both ways: the YAML text is
 * the one truth, a field's edit changes only that value's text in it (comments and layout stay), and an edit of
 * the YAML shows in the fields. A moment after each change the engine checks the files ({@code ductus
 * validate}'s check) and each problem shows on the field it names, as well as at its line in the YAML.
 */
public final class SettingsViewModel {

    public static final String SCHEMA = "interface.schema.json";
    static final Duration CHECK_PAUSE = Duration.ofMillis(400);
    static final String SOURCE = "check";

    /** A field of the form: what the schema says of it, its value in the YAML, and the engine's problem with it. */
    public static final class FieldModel {
        private SchemaForm.Field field;
        private final ReadOnlyStringWrapper value = new ReadOnlyStringWrapper("");
        private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");

        FieldModel(SchemaForm.Field field) {
            this.field = field;
            value.set(field.value());
        }

        public SchemaForm.Field field() {
            return field;
        }

        public ReadOnlyStringProperty valueProperty() {
            return value.getReadOnlyProperty();
        }

        public ReadOnlyStringProperty problemProperty() {
            return problem.getReadOnlyProperty();
        }
    }

    private final ServerSession session;
    private final DraftViewModel draft;
    private final Debouncer checker;
    private final ObservableList<FieldModel> fields = FXCollections.observableArrayList();
    private final ObservableList<String> otherProblems = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final BooleanProperty showingYaml = new SimpleBooleanProperty();
    private JsonNode schema;
    private boolean loadingSchema;
    private Cancellable checking = Cancellable.NONE;
    private long generation;

    public SettingsViewModel(ServerSession session, DraftViewModel draft, Delays delays) {
        this.session = session;
        this.draft = draft;
        this.checker = new Debouncer(delays, CHECK_PAUSE, this::check);
        draft.selectedPathProperty().addListener((o, a, path) -> {
            boolean yaml = path != null && path.endsWith("/interface.yaml");
            active.set(yaml);
            if (yaml) {
                showingYaml.set(false);
                refresh();
                checker.touch();
            }
        });
        draft.textProperty().addListener((o, a, t) -> {
            if (!active.get()) return;
            refresh();
            checker.touch();
        });
        draft.problems().addListener((javafx.collections.ListChangeListener<FileProblem>) c -> applyProblems());
    }

    /** The form's fields as the YAML is now (rebuilt when a type changes what fields there are, else updated in place). */
    private void refresh() {
        if (!active.get()) return;
        if (schema == null) {
            loadSchema();
            return;
        }
        YamlDocument doc = YamlDocument.parse(draft.textProperty().get());
        if (!doc.problem().isEmpty()) {
            status.set("The YAML does not read (" + doc.problem() + "): mend it in the YAML tab; the form shows it as it last read");
            return;
        }
        status.set("");
        List<SchemaForm.Field> fresh = SchemaForm.fields(schema, doc);
        boolean same = fresh.size() == fields.size();
        for (int i = 0; same && i < fresh.size(); i++) {
            SchemaForm.Field now = fresh.get(i);
            SchemaForm.Field before = fields.get(i).field;
            same = now.path().equals(before.path()) && now.kind() == before.kind() && now.choices().equals(before.choices());
        }
        if (same) {
            for (int i = 0; i < fresh.size(); i++) {
                fields.get(i).field = fresh.get(i);
                fields.get(i).value.set(fresh.get(i).value());
            }
        } else {
            fields.setAll(fresh.stream().map(FieldModel::new).toList());
        }
        applyProblems();
    }

    private void loadSchema() {
        if (loadingSchema) return;
        loadingSchema = true;
        status.set("Reading the settings' schema from the engine…");
        session.call(() -> session.api().design().configSchema(SCHEMA), s -> {
            loadingSchema = false;
            schema = s;
            status.set("");
            refresh();
        }, problem -> {
            loadingSchema = false;
            status.set("No form: the engine's schema could not be read (" + problem + "); the YAML tab edits the file");
        });
    }

    /** A field's new value from the form: written into the YAML text in place (empty: the key is taken out). */
    public void set(FieldModel f, String value) {
        if (!active.get()) return;
        String v = value == null ? "" : value.strip();
        if (v.equals(f.value.get())) return;
        YamlDocument doc = YamlDocument.parse(draft.textProperty().get());
        if (!doc.problem().isEmpty()) return;
        boolean plain = f.field.kind() == SchemaForm.Kind.NUMBER || f.field.kind() == SchemaForm.Kind.BOOLEAN;
        String text = doc.with(f.field.path(), v, plain);
        if (!text.equals(draft.textProperty().get())) draft.textProperty().set(text);
    }

    /** The YAML tab at the field's line (or its nearest parent written). */
    public void showInYaml(FieldModel f) {
        int line = YamlDocument.parse(draft.textProperty().get()).line(f.field.path());
        showingYaml.set(true);
        draft.reveal(draft.selectedPathProperty().get(), line);
    }

    /** The engine's check of the editor's files, the one before called off. */
    private void check() {
        String name = draft.interfaceName();
        if (name.isEmpty() || !active.get()) return;
        checking.cancel();
        long mine = ++generation;
        Map<String, String> files = draft.files();
        checking = session.call(() -> session.api().design().check(name, Check.ofFiles(files)), r -> {
            if (mine == generation) draft.problems(SOURCE, r.problems());
        }, problem -> {
            if (mine == generation) status.set("Not checked: " + problem);
        });
    }

    /** Each problem of this file on the field it names; those of no field (the file as a whole, a list) apart. */
    private void applyProblems() {
        String path = draft.selectedPathProperty().get();
        List<FileProblem> mine = draft.problems().stream().filter(p -> Objects.equals(path, p.file())).toList();
        List<String> unplaced = new ArrayList<>();
        Map<String, List<FileProblem>> byField = mine.stream().collect(Collectors.groupingBy(p -> p.field() == null ? "" : p.field()));
        java.util.Set<String> placed = new java.util.HashSet<>();
        for (FieldModel f : fields) {
            List<FileProblem> here = byField.getOrDefault(f.field.path(), List.of());
            f.problem.set(here.stream().map(FileProblem::message).distinct().collect(Collectors.joining("\n")));
            if (!here.isEmpty()) placed.add(f.field.path());
        }
        for (FileProblem p : mine) {
            if (placed.contains(p.field())) continue;
            // a problem of a group as a whole (destinations.lab: connect is required) goes on the group's first field
            FieldModel first = fields.stream().filter(f -> f.field.group().equals(p.field())).findFirst().orElse(null);
            if (first == null) {
                unplaced.add(p.text());
            } else {
                first.problem.set(first.problem.get().isEmpty() ? p.message() : first.problem.get() + "\n" + p.message());
            }
        }
        otherProblems.setAll(unplaced.stream().distinct().toList());
    }

    public ObservableList<FieldModel> fields() {
        return fields;
    }

    /** Problems of the file that name no field of the form (the file as a whole, a list, a key the schema does not know). */
    public ObservableList<String> otherProblems() {
        return otherProblems;
    }

    /** Whether the file in the editor is an interface.yaml (then the form shows beside the YAML). */
    public ReadOnlyBooleanProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Whether the YAML tab is shown rather than the form (two-way with the view's tabs). */
    public BooleanProperty showingYamlProperty() {
        return showingYaml;
    }
}
