package io.ductus.studio.messages;

import io.ductus.studio.ui.Titles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** Two messages field by field; a row's context menu ignores its field. Binds only. */
public final class CompareView {

    private final BorderPane root = new BorderPane();

    public CompareView(CompareViewModel vm) {
        root.setId("compare");
        Label title = Titles.screen("");
        title.textProperty().bind(vm.titleProperty());
        TextField ignored = new TextField();
        ignored.setId("compare-ignored");
        ignored.setPrefColumnCount(24);
        ignored.textProperty().bindBidirectional(vm.ignoredProperty());
        CheckBox only = new CheckBox("Only differences");
        only.setId("compare-only");
        only.selectedProperty().bindBidirectional(vm.onlyDifferencesProperty());
        Label summary = new Label();
        summary.setId("compare-summary");
        summary.getStyleClass().add("muted");
        summary.textProperty().bind(vm.summaryProperty());
        HBox bar = new HBox(title, new Label("Ignore fields:"), ignored, only, summary);
        bar.getStyleClass().add("toolbar-row");

        TableView<MessageComparison.Row> table = new TableView<>(vm.rows());
        table.setId("compare-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(column("Field", 90, MessageComparison.Row::path));
        table.getColumns().add(column("Name", 190, r -> vm.nameOf(r.path())));
        table.getColumns().add(column("Change", 90, r -> r.change().name().toLowerCase()));
        table.getColumns().add(column("Left", 380, MessageComparison.Row::left));
        table.getColumns().add(column("Right", 380, MessageComparison.Row::right));
        table.setRowFactory(t -> {
            TableRow<MessageComparison.Row> row = new TableRow<>() {
                @Override
                protected void updateItem(MessageComparison.Row r, boolean empty) {
                    super.updateItem(r, empty);
                    getStyleClass().removeAll("diff-changed", "diff-added", "diff-removed");
                    if (!empty && r != null && r.change() != MessageComparison.Change.SAME) {
                        getStyleClass().add("diff-" + r.change().name().toLowerCase());
                    }
                }
            };
            MenuItem ignore = new MenuItem("Ignore this field");
            ignore.setOnAction(e -> {
                if (row.getItem() != null) vm.ignore(row.getItem().path());
            });
            row.setContextMenu(new ContextMenu(ignore));
            return row;
        });
        table.setPlaceholder(new Label("Mark two messages in the browser (Ctrl+click) and press Compare."));
        root.setTop(new VBox(bar));
        root.setCenter(table);
    }

    public Node root() {
        return root;
    }

    private static <T> TableColumn<T, String> column(String title, double width, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.getStyleClass().add("mono");
        c.setCellValueFactory(p -> new ReadOnlyStringWrapper(value.apply(p.getValue())));
        return c;
    }
}
