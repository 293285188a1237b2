package io.ductus.studio.design;

import io.ductus.studio.settings.SchemaForm;
import io.ductus.studio.ui.Icons;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * The settings form: one plain control per field the view model generated from the schema (a text field, a
 * choice, yes/no/unset), grouped under headings, the description as the tooltip and the engine's problem under
 * the field; a field's edit is handed to the view model when it is committed (Enter, leaving the field, a
 * choice). Binds only.
 */
final class SettingsPane {

    private final SettingsViewModel vm;
    private final VBox groups = new VBox(10);
    private final ScrollPane root = new ScrollPane(groups);

    SettingsPane(SettingsViewModel vm) {
        this.vm = vm;
        groups.setId("settings-form");
        groups.setPadding(new Insets(8));
        root.setFitToWidth(true);
        vm.fields().addListener((ListChangeListener<SettingsViewModel.FieldModel>) c -> build());
        vm.otherProblems().addListener((ListChangeListener<String>) c -> build());
        build();
    }

    Node root() {
        return root;
    }

    private void build() {
        groups.getChildren().clear();
        Label status = new Label();
        status.setId("settings-status");
        status.setWrapText(true);
        status.getStyleClass().add("muted");
        status.textProperty().bind(vm.statusProperty());
        status.managedProperty().bind(status.textProperty().isNotEmpty());
        groups.getChildren().add(status);
        if (!vm.otherProblems().isEmpty()) {
            Label other = new Label(String.join("\n", vm.otherProblems()));
            other.setId("settings-other-problems");
            other.setWrapText(true);
            other.getStyleClass().add("problem-text");
            groups.getChildren().add(other);
        }
        String group = null;
        GridPane grid = null;
        int row = 0;
        for (SettingsViewModel.FieldModel f : vm.fields()) {
            if (!f.field().group().equals(group)) {
                group = f.field().group();
                Label heading = new Label(group);
                heading.getStyleClass().add("detail-header");
                grid = grid();
                groups.getChildren().addAll(heading, grid);
                row = 0;
            }
            Label label = new Label(f.field().label() + (f.field().required() ? " *" : ""));
            label.setMinWidth(Control.USE_PREF_SIZE);
            Control control = control(f);
            if (!f.field().description().isEmpty()) {
                Tooltip tip = new Tooltip(f.field().description());
                tip.setWrapText(true);
                tip.setMaxWidth(420);
                label.setTooltip(tip);
                control.setTooltip(tip);
            }
            Button yaml = Icons.iconButton(Material2AL.CODE, "Show in the YAML", "yaml-" + f.field().path(), () -> vm.showInYaml(f));
            Label problem = new Label();
            problem.setId("problem-" + f.field().path());
            problem.getStyleClass().add("problem-text");
            problem.setWrapText(true);
            problem.textProperty().bind(f.problemProperty());
            problem.managedProperty().bind(problem.textProperty().isNotEmpty());
            problem.visibleProperty().bind(problem.managedProperty());
            f.problemProperty().addListener((o, a, p) -> danger(control, !p.isEmpty()));
            danger(control, !f.problemProperty().get().isEmpty());
            grid.add(label, 0, row);
            grid.add(control, 1, row);
            grid.add(yaml, 2, row);
            grid.add(problem, 1, row + 1, 2, 1);
            GridPane.setHgrow(control, Priority.ALWAYS);
            row += 2;
        }
    }

    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(2);
        grid.setAlignment(Pos.CENTER_LEFT);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(120);
        ColumnConstraints controls = new ColumnConstraints();
        controls.setHgrow(Priority.ALWAYS);
        controls.setFillWidth(true);
        grid.getColumnConstraints().addAll(labels, controls, new ColumnConstraints());
        return grid;
    }

    private Control control(SettingsViewModel.FieldModel f) {
        SchemaForm.Field field = f.field();
        String id = "field-" + field.path();
        if (field.kind() == SchemaForm.Kind.CHOICE || field.kind() == SchemaForm.Kind.BOOLEAN) {
            List<String> values = field.kind() == SchemaForm.Kind.BOOLEAN ? List.of("", "true", "false")
                    : field.required() ? field.choices() : java.util.stream.Stream.concat(java.util.stream.Stream.of(""), field.choices().stream()).toList();
            ComboBox<String> box = new ComboBox<>(FXCollections.observableArrayList(values));
            box.setId(id);
            box.setMaxWidth(Double.MAX_VALUE);
            box.setPromptText(field.defaultValue().isEmpty() ? "" : "default " + field.defaultValue());
            box.setValue(f.valueProperty().get());
            f.valueProperty().addListener((o, a, v) -> {
                if (!v.equals(box.getValue())) box.setValue(v);
            });
            box.valueProperty().addListener((o, a, v) -> {
                if (v != null && !v.equals(f.valueProperty().get())) vm.set(f, v);
            });
            return box;
        }
        TextField text = new TextField(f.valueProperty().get());
        text.setId(id);
        text.setPromptText(field.defaultValue().isEmpty() ? "" : "default " + field.defaultValue());
        f.valueProperty().addListener((o, a, v) -> {
            if (!v.equals(text.getText())) text.setText(v);
        });
        text.setOnAction(e -> vm.set(f, text.getText()));
        text.focusedProperty().addListener((o, was, now) -> {
            if (!now) vm.set(f, text.getText());
        });
        return text;
    }

    private static void danger(Control control, boolean on) {
        if (on && !control.getStyleClass().contains("danger")) control.getStyleClass().add("danger");
        if (!on) control.getStyleClass().remove("danger");
    }
}
