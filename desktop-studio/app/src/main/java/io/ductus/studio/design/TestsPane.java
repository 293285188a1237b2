package io.ductus.studio.design;

import io.ductus.studio.ui.Icons;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The tests panel's side: run the interface's tests, record the trial's sample as one; every test with pass or
 * fail; the selected failure's expected → actual diff and its text (double click: its line in the editor). Binds only.
 */
final class TestsPane {

    private final SplitPane root = new SplitPane();

    TestsPane(TestsViewModel vm) {
        HBox bar = new HBox(6, Icons.button("Run tests", Material2MZ.PLAY_CIRCLE_OUTLINE, "tests-run", vm::run),
                Icons.button("Record sample as test", Material2AL.ADD_TASK, "tests-record", vm::recordSample));
        bar.getStyleClass().add("toolbar-row");
        bar.getChildren().forEach(n -> n.disableProperty().bind(vm.runningProperty()));
        Label status = new Label();
        status.setId("tests-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        Label hint = new Label("Record: the trial's selected sample and destination, as a test.");
        hint.getStyleClass().add("muted");
        hint.setWrapText(true);

        TableView<TestRow> tests = new TableView<>(vm.rows());
        tests.setId("tests-results");
        tests.getStyleClass().add("dense");
        tests.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tests.getColumns().add(TrialPane.column("Result", 110, TestRow::outcome));
        tests.getColumns().add(TrialPane.column("File", 110, TestRow::file));
        tests.getColumns().add(TrialPane.column("Test", 220, TestRow::name));
        tests.setPlaceholder(new Label("No tests run yet"));
        tests.setRowFactory(t -> {
            TableRow<TestRow> row = new TableRow<>() {
                @Override
                protected void updateItem(TestRow item, boolean empty) {
                    super.updateItem(item, empty);
                    getStyleClass().removeAll("test-passed", "test-failed");
                    if (!empty && item != null) getStyleClass().add(item.passed() ? "test-passed" : "test-failed");
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) vm.openSelected();
            });
            return row;
        });
        tests.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> {
            if (r != null) vm.selectedProperty().set(r);
        });
        vm.selectedProperty().addListener((o, a, r) -> tests.getSelectionModel().select(r));
        VBox top = new VBox(4, bar, status, hint, tests);
        VBox.setVgrow(tests, Priority.ALWAYS);

        DiffView difference = new DiffView("tests-difference");
        vm.differenceProperty().addListener((o, a, d) -> difference.show(d));
        TextArea detail = new TextArea();
        detail.setId("tests-detail");
        detail.setEditable(false);
        detail.setWrapText(true);
        detail.getStyleClass().add("mono");
        detail.textProperty().bind(vm.detailProperty());
        Label differenceTitle = new Label("Expected → actual");
        differenceTitle.getStyleClass().add("detail-header");
        VBox bottom = new VBox(4, differenceTitle, difference.root(), detail);
        VBox.setVgrow(difference.root(), Priority.ALWAYS);
        detail.setPrefRowCount(4);

        root.setOrientation(Orientation.VERTICAL);
        root.getItems().addAll(top, bottom);
        root.setDividerPositions(0.5);
    }

    Node root() {
        return root;
    }
}
