package io.ductus.studio.dashboard;

import io.ductus.studio.ui.Titles;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Icons;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import io.ductus.studio.ui.SearchField;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The dashboard: a virtualized tree table of interfaces and their destinations bound to
 * {@link DashboardViewModel}'s rows; the toolbar's search, filter, refresh and drain. No logic here.
 */
public final class DashboardView {

    private final DashboardViewModel vm;
    private final BorderPane root = new BorderPane();
    private final TreeTableView<Object> table = new TreeTableView<>();
    private final TreeItem<Object> top = new TreeItem<>();
    private final Map<InterfaceRow, TreeItem<Object>> items = new HashMap<>();

    public DashboardView(DashboardViewModel vm) {
        this.vm = vm;
        root.setId("dashboard");
        root.setTop(toolbar());
        root.setCenter(table());
        Label status = new Label();
        status.setId("dashboard-message");
        status.getStyleClass().add("status-line");
        status.textProperty().bind(vm.messageProperty());
        root.setBottom(status);
        vm.shownInterfaces().addListener((ListChangeListener<InterfaceRow>) c -> rebuild());
        rebuild();
    }

    public Node root() {
        return root;
    }

    public TextField searchField() {
        return (TextField) root.lookup("#dashboard-search");
    }

    private Node toolbar() {
        Label title = Titles.screen("Dashboard");
        Label summary = new Label();
        summary.setId("dashboard-summary");
        summary.getStyleClass().add("muted");
        summary.textProperty().bind(vm.summaryProperty());
        TextField search = SearchField.create();
        search.setId("dashboard-search");
        search.setPromptText("Search interfaces, destinations, connector types   (Ctrl+F)");
        search.setPrefColumnCount(24);
        search.textProperty().bindBidirectional(vm.searchProperty());
        ComboBox<DashboardViewModel.Filter> filter = new ComboBox<>();
        filter.setId("dashboard-filter");
        filter.getItems().setAll(DashboardViewModel.Filter.values());
        filter.valueProperty().bindBidirectional(vm.filterProperty());
        Button refresh = Icons.iconButton(Material2MZ.REFRESH, "Read everything again (F5)", "dashboard-refresh", vm::load);
        Button drain = new Button();
        drain.setId("drain");
        drain.textProperty().bind(Bindings.when(vm.drainingProperty()).then("Stop drain").otherwise("Drain…"));
        drain.setGraphic(Icons.icon(Material2MZ.POWER_SETTINGS_NEW));
        drain.setOnAction(e -> {
            if (vm.drainingProperty().get()) vm.stopDrain();
            else vm.startDrain();
        });
        drain.setVisible(vm.mayOperate());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(title, summary, grow, search, filter, refresh, drain);
        bar.getStyleClass().add("toolbar-row");
        Label drainText = new Label();
        drainText.setId("drain-text");
        drainText.textProperty().bind(vm.drainTextProperty());
        HBox drainBar = new HBox(Icons.icon(Material2MZ.POWER_SETTINGS_NEW), drainText);
        drainBar.setSpacing(8);
        drainBar.getStyleClass().add("drain-bar");
        drainBar.visibleProperty().bind(vm.drainTextProperty().isNotEmpty());
        drainBar.managedProperty().bind(drainBar.visibleProperty());
        return new VBox(bar, drainBar);
    }

    private Node table() {
        table.setId("dashboard-table");
        table.setRoot(top);
        table.setShowRoot(false);
        table.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(text("Interface / destination", 260, i -> new ReadOnlyObjectWrapper<>(i.name()),
                d -> new ReadOnlyObjectWrapper<>(d.name())));
        table.getColumns().add(text("State", 90, InterfaceRow::stateProperty,
                d -> Bindings.when(d.pausedProperty()).then("paused").otherwise("running")));
        TreeTableColumn<Object, String> health = text("Health", 260,
                i -> Bindings.createStringBinding(() -> i.healthProperty().get() + (i.healthReasonProperty().get() == null ? ""
                        : ": " + i.healthReasonProperty().get()), i.healthProperty(), i.healthReasonProperty()),
                d -> Bindings.createStringBinding(() -> d.healthProperty().get() + (d.healthReasonProperty().get() == null ? ""
                        : ": " + d.healthReasonProperty().get()), d.healthProperty(), d.healthReasonProperty()));
        health.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                setText(empty ? null : value);
                Cells.tooltip(this, empty ? null : value);
                Cells.state(this, "health", empty || value == null ? null : Cells.stateOf(value));
            }
        });
        table.getColumns().add(health);
        table.getColumns().add(text("Connector", 140,
                i -> Bindings.concat(i.sourceTypeProperty(), " · ", i.sourceStatusProperty()),
                d -> Bindings.concat(d.connectorTypeProperty(), " · ", d.connectorStatusProperty())));
        table.getColumns().add(count("Pending", i -> i.pendingProperty().asObject(), d -> d.pendingProperty().asObject(), false));
        table.getColumns().add(count("Quarantined", i -> i.quarantinedProperty().asObject(), d -> d.quarantinedProperty().asObject(), true));
        TreeTableColumn<Object, Instant> last = new TreeTableColumn<>("Last activity");
        last.setPrefWidth(130);
        last.setCellValueFactory(p -> p.getValue().getValue() instanceof InterfaceRow i ? i.lastReceivedProperty()
                : ((DestinationRow) p.getValue().getValue()).lastActivityProperty());
        last.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Instant at, boolean empty) {
                super.updateItem(at, empty);
                setText(empty ? null : Cells.time(at));
            }
        });
        table.getColumns().add(last);
        if (vm.mayOperate()) table.getColumns().add(actions());
        table.setPlaceholder(new Label("No interfaces match."));
        table.setRowFactory(t -> new javafx.scene.control.TreeTableRow<>() {
            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                Cells.state(this, "row", !empty && item instanceof InterfaceRow ? "interface" : null);
            }
        });
        return table;
    }

    private TreeTableColumn<Object, Object> actions() {
        TreeTableColumn<Object, Object> column = new TreeTableColumn<>("");
        column.setPrefWidth(110);
        column.setSortable(false);
        column.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(p.getValue().getValue()));
        column.setCellFactory(c -> new TreeTableCell<>() {
            private final Button toggle = new Button();
            private final Node resumeIcon = Icons.icon(Material2MZ.PLAY_ARROW);
            private final Node pauseIcon = Icons.icon(Material2MZ.PAUSE);

            {
                toggle.getStyleClass().addAll("small", "flat");
            }

            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || !(item instanceof DestinationRow d)) {
                    setGraphic(null);
                    return;
                }
                Cells.id(toggle, "toggle-" + d.interfaceName() + "-" + d.name());
                toggle.textProperty().bind(Bindings.when(d.pausedProperty()).then("Resume").otherwise("Pause"));
                toggle.graphicProperty().bind(Bindings.when(d.pausedProperty()).then(resumeIcon).otherwise(pauseIcon));
                toggle.setOnAction(e -> {
                    if (d.pausedProperty().get()) vm.resume(d);
                    else vm.pause(d);
                });
                setGraphic(toggle);
            }
        });
        return column;
    }

    private TreeTableColumn<Object, Long> count(String title, Function<InterfaceRow, ObservableValue<Long>> ofInterface,
                                                Function<DestinationRow, ObservableValue<Long>> ofDestination, boolean alarm) {
        TreeTableColumn<Object, Long> column = new TreeTableColumn<>(title);
        column.setPrefWidth(100);
        column.setStyle("-fx-alignment: center-right;");
        column.setCellValueFactory(p -> p.getValue().getValue() instanceof InterfaceRow i ? ofInterface.apply(i)
                : ofDestination.apply((DestinationRow) p.getValue().getValue()));
        column.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Long n, boolean empty) {
                super.updateItem(n, empty);
                if (empty || n == null) {
                    Cells.state(this, "count", null);
                    Cells.tooltip(this, null);
                    setText(null);
                    setOnMouseClicked(null);
                    return;
                }
                setText(String.format("%,d", n));
                Object row = getTableRow() == null || getTableRow().getTreeItem() == null ? null : getTableRow().getTreeItem().getValue();
                String interfaceName = row instanceof InterfaceRow i ? i.name() : row instanceof DestinationRow d ? d.interfaceName() : null;
                Cells.id(this, row == null ? null : "count-" + title.toLowerCase() + "-" + (row instanceof InterfaceRow i ? i.name()
                        : ((DestinationRow) row).interfaceName() + "-" + ((DestinationRow) row).name()));
                Cells.state(this, "count", n == 0 ? "zero" : alarm ? "alarm" : "link");
                Cells.tooltip(this, "Open the messages of " + interfaceName + (alarm ? " that are quarantined" : " still pending"));
                setOnMouseClicked(e -> {
                    if (interfaceName == null) return;
                    if (alarm) vm.openQuarantined(interfaceName);
                    else vm.openPending(interfaceName);
                });
            }
        });
        return column;
    }

    private static <T> TreeTableColumn<Object, T> text(String title, double width, Function<InterfaceRow, ObservableValue<T>> ofInterface,
                                                       Function<DestinationRow, ObservableValue<T>> ofDestination) {
        TreeTableColumn<Object, T> column = new TreeTableColumn<>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(p -> p.getValue().getValue() instanceof InterfaceRow i ? ofInterface.apply(i)
                : ofDestination.apply((DestinationRow) p.getValue().getValue()));
        return column;
    }

    private void rebuild() {
        var children = new java.util.ArrayList<TreeItem<Object>>(vm.shownInterfaces().size());
        for (InterfaceRow row : vm.shownInterfaces()) children.add(items.computeIfAbsent(row, this::item));
        top.getChildren().setAll(children);
    }

    private TreeItem<Object> item(InterfaceRow row) {
        TreeItem<Object> item = new TreeItem<>(row);
        item.setExpanded(true);
        Runnable fill = () -> item.getChildren().setAll(row.destinations().stream().map(d -> new TreeItem<Object>(d)).toList());
        fill.run();
        row.destinations().addListener((ListChangeListener<DestinationRow>) c -> fill.run());
        return item;
    }

}
