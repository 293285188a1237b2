package io.ductus.studio.replay;

import io.ductus.client.model.Replay;
import io.ductus.client.model.ReplayRows;
import io.ductus.studio.ui.Icons;
import io.ductus.studio.ui.Titles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The replay screen: what to replay (interfaces, period, candidate, ignored fields) and the earlier replays on the
 * left; progress, counts per kind (a click filters the rows), the fields that changed most, the rows, and the
 * selected row's diff on the right. Binds only.
 */
public final class ReplayView {

    private final BorderPane root = new BorderPane();

    public ReplayView(ReplayViewModel vm) {
        ListView<String> interfaces = new ListView<>(vm.interfaceNames());
        interfaces.setId("replay-interfaces");
        interfaces.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        interfaces.setMinHeight(120);
        interfaces.setPrefHeight(140);
        // the list's selection and the view model's choice follow each other; the flag keeps one from echoing the other
        boolean[] syncing = {false};
        interfaces.getSelectionModel().getSelectedItems().addListener((javafx.collections.ListChangeListener<String>) c -> {
            if (!syncing[0]) vm.chosen().setAll(java.util.List.copyOf(interfaces.getSelectionModel().getSelectedItems()));
        });
        vm.chosen().addListener((javafx.collections.ListChangeListener<String>) c -> {
            if (syncing[0]) return;
            syncing[0] = true;
            try {
                interfaces.getSelectionModel().clearSelection();
                for (String n : java.util.List.copyOf(vm.chosen())) interfaces.getSelectionModel().select(n);
            } finally {
                syncing[0] = false;
            }
        });
        ComboBox<ReplayViewModel.Period> period = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(ReplayViewModel.Period.values()));
        period.setId("replay-period");
        period.valueProperty().bindBidirectional(vm.periodProperty());
        TextField from = new TextField();
        from.setId("replay-from");
        from.setPromptText("from, such as 2026-11-24 or 2026-11-24T08:00:00Z");
        from.textProperty().bindBidirectional(vm.fromProperty());
        TextField to = new TextField();
        to.setId("replay-to");
        to.setPromptText("to (empty: now)");
        to.textProperty().bindBidirectional(vm.toProperty());
        VBox between = new VBox(4, from, to);
        between.visibleProperty().bind(vm.periodProperty().isEqualTo(ReplayViewModel.Period.BETWEEN));
        between.managedProperty().bind(between.visibleProperty());
        ComboBox<ReplayViewModel.Candidate> candidate = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(
                ReplayViewModel.Candidate.values()));
        candidate.setId("replay-candidate");
        candidate.valueProperty().bindBidirectional(vm.candidateProperty());
        TextField revision = new TextField();
        revision.setId("replay-revision");
        revision.setPromptText("revision number");
        revision.textProperty().bindBidirectional(vm.revisionProperty());
        revision.visibleProperty().bind(vm.candidateProperty().isEqualTo(ReplayViewModel.Candidate.REVISION));
        revision.managedProperty().bind(revision.visibleProperty());
        TextField ignore = new TextField();
        ignore.setId("replay-ignore");
        ignore.textProperty().bindBidirectional(vm.ignoreProperty());
        Button start = Icons.button("Replay", Material2MZ.PLAY_ARROW, "replay-start", vm::start);
        start.getStyleClass().add("accent");
        Button cancel = Icons.button("Cancel", Material2MZ.STOP, "replay-cancel", vm::cancel);
        cancel.disableProperty().bind(vm.currentProperty().map(r -> !r.running()).orElse(true));
        ListView<Replay> past = new ListView<>(vm.past());
        past.setId("replay-past");
        past.setCellFactory(l -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Replay r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null : "#" + r.id() + " " + r.request().getOrDefault("interfaces", "") + " · "
                        + r.request().getOrDefault("candidate", "") + " · " + r.status());
            }
        });
        past.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) vm.reopen(past.getSelectionModel().getSelectedItem());
        });
        VBox left = new VBox(6, new Label("Interfaces"), interfaces, new Label("Period"), period, between, new Label("Candidate"), candidate, revision,
                new Label("Fields not compared"), ignore, new HBox(6, start, cancel), new Label("Earlier replays (double-click to open)"), past);
        VBox.setVgrow(past, Priority.ALWAYS);
        left.setStyle("-fx-padding: 0.5em;");
        left.setPrefWidth(280);

        ProgressBar progress = new ProgressBar();
        progress.setId("replay-progress");
        progress.setMaxWidth(Double.MAX_VALUE);
        progress.setMinHeight(12);
        progress.progressProperty().bind(vm.progressProperty());
        Label status = new Label();
        status.setId("replay-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        TableView<ReplayViewModel.KindCount> kinds = new TableView<>(vm.kinds());
        kinds.setId("replay-kinds");
        kinds.getStyleClass().add("dense");
        kinds.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        kinds.getColumns().add(column("Kind", 120, k -> k.kind().replace('_', ' ')));
        kinds.getColumns().add(column("Rows", 70, k -> String.valueOf(k.rows())));
        kinds.getSelectionModel().selectedItemProperty().addListener((o, a, k) ->
                vm.kindFilterProperty().set(k == null || k.kind().equals("same") ? null : k.kind()));
        TableView<Replay.TopField> fields = new TableView<>(vm.topFields());
        fields.setId("replay-top-fields");
        fields.getStyleClass().add("dense");
        fields.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        fields.getColumns().add(column("Field that changed most", 150, Replay.TopField::field));
        fields.getColumns().add(column("Rows", 70, f -> String.valueOf(f.rows())));
        HBox summary = new HBox(8, kinds, fields);
        summary.setMinHeight(215);
        summary.setPrefHeight(215);
        HBox.setHgrow(kinds, Priority.ALWAYS);
        HBox.setHgrow(fields, Priority.ALWAYS);

        TableView<ReplayRows.Row> rows = new TableView<>(vm.rows());
        rows.setId("replay-rows");
        rows.getStyleClass().add("dense");
        rows.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        rows.getColumns().add(column("Message", 70, r -> String.valueOf(r.messageId())));
        rows.getColumns().add(column("Interface", 90, r -> r.interfaceName() == null ? "" : r.interfaceName()));
        rows.getColumns().add(column("Destination", 90, ReplayRows.Row::destination));
        rows.getColumns().add(column("Kind", 110, r -> r.kind().replace('_', ' ')));
        rows.getColumns().add(column("Decision", 150, r -> r.recorded() == null ? "" : r.recorded() + " → " + r.candidate()));
        rows.getColumns().add(column("Fields", 200, r -> String.join(", ", r.fields()) + (r.note() == null ? "" : " " + r.note())));
        rows.setPlaceholder(new Label("No row that differs"));
        rows.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> {
            if (r != null) vm.selectedRowProperty().set(r);
        });
        vm.selectedRowProperty().addListener((o, a, r) -> rows.getSelectionModel().select(r));
        Button loadMore = Icons.button("More rows", Material2AL.EXPAND_MORE, "replay-more", vm::loadMore);
        loadMore.disableProperty().bind(vm.moreProperty().isNull());
        Button makeTest = Icons.button("Make this a test", Material2AL.ADD_TASK, "replay-make-test", vm::makeTest);
        makeTest.disableProperty().bind(vm.selectedRowProperty().isNull());
        TableView<ReplayRows.Difference> diff = new TableView<>(vm.differences());
        diff.setId("replay-diff");
        diff.getStyleClass().add("dense");
        diff.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        diff.getColumns().add(column("Field", 100, ReplayRows.Difference::path));
        diff.getColumns().add(column("Recorded", 200, d -> d.before() == null ? "(none)" : d.before()));
        diff.getColumns().add(column("Candidate", 200, d -> d.after() == null ? "(none)" : d.after()));
        diff.setPlaceholder(new Label("Select a row to see its fields"));
        VBox rowsBox = new VBox(6, rows, new HBox(6, loadMore, makeTest));
        VBox.setVgrow(rows, Priority.ALWAYS);
        SplitPane detail = new SplitPane(rowsBox, diff);
        detail.setOrientation(Orientation.VERTICAL);
        detail.setDividerPositions(0.6);
        VBox right = new VBox(8, progress, status, summary, detail);
        VBox.setVgrow(detail, Priority.ALWAYS);
        right.setStyle("-fx-padding: 0.5em;");

        SplitPane split = new SplitPane(left, right);
        split.setDividerPositions(0.24);
        SplitPane.setResizableWithParent(left, false);
        HBox title = new HBox(Titles.screen("Replay"));
        title.getStyleClass().add("toolbar-row");
        root.setTop(title);
        root.setCenter(split);
    }

    public Node root() {
        return root;
    }

    private static <T> TableColumn<T, String> column(String title, double width, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(p -> new ReadOnlyStringWrapper(value.apply(p.getValue())));
        return c;
    }
}
