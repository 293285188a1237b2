package io.ductus.studio.design;

import io.ductus.client.model.TrialResult;
import io.ductus.studio.ui.Icons;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The live trial's side: sample messages (from a stored message, a file or the clipboard) and the selected one's
 * HL7 tree (double click a position to insert its path in the code); the results per sample and destination;
 * the selected result's output, the deployed revision's, the differences field by field, log lines and calls.
 */
final class TrialPane {

    private final SplitPane root = new SplitPane();

    TrialPane(TrialViewModel vm) {
        ListView<Sample> samples = new ListView<>(vm.samples());
        samples.setId("samples");
        samples.setPrefHeight(90);
        samples.setCellFactory(l -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Sample s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : s.label());
            }
        });
        samples.getSelectionModel().selectedItemProperty().addListener((o, a, s) -> vm.selectedSampleProperty().set(s));
        vm.selectedSampleProperty().addListener((o, a, s) -> samples.getSelectionModel().select(s));
        HBox sampleBar = new HBox(6, new Label("Samples"),
                Icons.button("Stored message…", Material2MZ.MAIL, "sample-message", vm::askStoredMessage),
                Icons.button("File…", Material2AL.FOLDER_OPEN, "sample-file", vm::chooseFile),
                Icons.button("Paste", Material2AL.CONTENT_PASTE, "sample-paste", () -> vm.addPasted(Clipboard.getSystemClipboard().getString())),
                Icons.iconButton(Material2MZ.REMOVE_CIRCLE_OUTLINE, "Remove the sample", "sample-remove", vm::removeSelectedSample));
        sampleBar.getStyleClass().add("toolbar-row");
        Label sampleProblem = new Label();
        sampleProblem.getStyleClass().add("problem-text");
        sampleProblem.textProperty().bind(vm.sampleProblemProperty());
        sampleProblem.managedProperty().bind(sampleProblem.textProperty().isNotEmpty());
        Label hint = new Label("Double-click a position to insert msg.get('…') at the cursor; Ctrl+Space completes.");
        hint.getStyleClass().add("muted");
        VBox top = new VBox(4, sampleBar, samples, sampleProblem, DesignerView.sampleTree(vm), hint);
        VBox.setVgrow(top.getChildren().get(3), Priority.ALWAYS);

        Label status = new Label();
        status.setId("trial-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        TableView<TrialRow> rows = new TableView<>(vm.rows());
        rows.setId("trial-results");
        rows.getStyleClass().add("dense");
        rows.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        rows.getColumns().add(column("Sample", 90, TrialRow::sample));
        rows.getColumns().add(column("Destination", 90, TrialRow::destination));
        rows.getColumns().add(column("Decision", 120, TrialRow::decision));
        rows.getColumns().add(column("Deployed decided", 110, TrialRow::deployedDecision));
        rows.getColumns().add(column("Against deployed", 150, TrialRow::change));
        rows.setPlaceholder(new Label("No trial yet"));
        rows.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> {
            if (r != null) vm.selectedRowProperty().set(r);
        });
        vm.selectedRowProperty().addListener((o, a, r) -> rows.getSelectionModel().select(r));
        VBox middle = new VBox(4, status, rows);
        VBox.setVgrow(rows, Priority.ALWAYS);

        TextArea output = mono("trial-output");
        TextArea deployed = mono("trial-deployed-output");
        TableView<TrialResult.Difference> differences = new TableView<>();
        differences.setId("trial-differences");
        differences.getStyleClass().add("dense");
        differences.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        differences.getColumns().add(column("Field", 80, TrialResult.Difference::path));
        differences.getColumns().add(column("Deployed", 120, d -> d.before() == null ? "(none)" : d.before()));
        differences.getColumns().add(column("Draft", 120, d -> d.after() == null ? "(none)" : d.after()));
        differences.setPlaceholder(new Label("No field differs"));
        TextArea log = mono("trial-log");
        vm.selectedRowProperty().addListener((o, a, r) -> {
            TrialResult.DestinationResult d = r == null ? null : r.result();
            output.setText(d == null || d.output() == null ? "" : io.ductus.studio.messages.LineBreaks.forDisplay(d.output()));
            deployed.setText(d == null || d.deployed() == null || d.deployed().output() == null ? "" : io.ductus.studio.messages.LineBreaks.forDisplay(d.deployed().output()));
            differences.getItems().setAll(d == null ? java.util.List.of() : d.differences());
            log.setText(d == null ? "" : TrialText.logAndCalls(d));
        });
        TabPane detail = new TabPane(tab("Differences", differences), tab("Output", output), tab("Deployed output", deployed),
                tab("Log and services", log));
        detail.setId("trial-detail");

        root.setOrientation(Orientation.VERTICAL);
        root.getItems().addAll(top, middle, new BorderPane(detail));
        root.setDividerPositions(0.42, 0.66);
    }

    Node root() {
        return root;
    }

    private static Tab tab(String title, Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        return t;
    }

    private static TextArea mono(String id) {
        TextArea area = new TextArea();
        area.setId(id);
        area.setEditable(false);
        area.getStyleClass().add("mono");
        return area;
    }

    static <T> TableColumn<T, String> column(String title, double width, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(p -> new ReadOnlyStringWrapper(value.apply(p.getValue())));
        return c;
    }
}
