package io.ductus.studio.messages;

import io.ductus.studio.ui.Titles;
import io.ductus.client.model.MessageSummary;
import io.ductus.studio.server.Navigator;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Columns;
import io.ductus.studio.ui.Icons;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import io.ductus.studio.ui.SearchField;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** The message browser: filters, the page of messages, paging both ways, and the selected message's detail. Binds only. */
public final class MessageBrowserView {

    private final MessageBrowserViewModel vm;
    private final BorderPane root = new BorderPane();
    private final TableView<MessageSummary> table = new TableView<>();

    public MessageBrowserView(MessageBrowserViewModel vm, Navigator navigator) {
        this.vm = vm;
        root.setId("messages");
        root.setTop(filters());
        SplitPane split = new SplitPane(list(navigator), new MessageDetailView(vm.detail()).root());
        split.setDividerPositions(0.4);
        root.setCenter(split);
    }

    public Node root() {
        return root;
    }

    public TextField textField() {
        return (TextField) root.lookup("#messages-text");
    }

    private Node filters() {
        Label title = Titles.screen("Messages");
        ComboBox<String> iface = new ComboBox<>(vm.interfaceNames());
        iface.setId("messages-interface");
        iface.setPromptText("any interface");
        iface.valueProperty().bindBidirectional(vm.interfaceNameProperty());
        ComboBox<String> status = new ComboBox<>();
        status.setId("messages-status");
        status.getItems().setAll(MessageBrowserViewModel.STATUSES);
        status.setPromptText("any status");
        status.valueProperty().bindBidirectional(vm.statusProperty());
        ComboBox<TimeWindow> window = new ComboBox<>();
        window.setId("messages-window");
        window.getItems().setAll(TimeWindow.values());
        window.valueProperty().bindBidirectional(vm.windowProperty());
        TextField from = new TextField();
        from.setPromptText("from 2026-11-30T08:00:00Z");
        from.textProperty().bindBidirectional(vm.customFromProperty());
        TextField to = new TextField();
        to.setPromptText("to (exclusive)");
        to.textProperty().bindBidirectional(vm.customToProperty());
        for (TextField f : new TextField[] {from, to}) {
            f.visibleProperty().bind(vm.windowProperty().isEqualTo(TimeWindow.CUSTOM));
            f.managedProperty().bind(f.visibleProperty());
        }
        TextField text = SearchField.create();
        text.setId("messages-text");
        text.setPromptText("payload contains…   (Ctrl+F)");
        text.setPrefColumnCount(18);
        text.textProperty().bindBidirectional(vm.textProperty());
        text.setOnAction(e -> vm.search());
        Button search = Icons.button("Search", Material2MZ.SEARCH, "messages-search", vm::search);
        search.getStyleClass().add("accent");
        search.setDefaultButton(false);
        HBox bar = new HBox(title, iface, status, window, from, to, text, search);
        bar.getStyleClass().add("toolbar-row");
        return bar;
    }

    private Node list(Navigator navigator) {
        table.setId("messages-table");
        table.setItems(vm.messages());
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(Columns.text("ID", 70, m -> String.valueOf(m.id())));
        table.getColumns().add(Columns.text("Received", 135, m -> Cells.time(m.receivedAt())));
        table.getColumns().add(Columns.text("Interface", 110, MessageSummary::interfaceName));
        table.getColumns().add(Columns.status("Status", 110, MessageSummary::status));
        table.getColumns().add(Columns.text("Key", 100, m -> m.orderingKey() == null ? "—" : m.orderingKey()));
        table.getColumns().add(Columns.text("Size", 70, m -> m.size() + " B"));
        table.setPlaceholder(new Label("No messages match: widen the time window or clear a filter."));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, m) -> {
            if (m != null) vm.selectedProperty().set(m);
        });
        vm.selectedProperty().addListener((o, a, m) -> {
            if (m != null && table.getSelectionModel().getSelectedItem() != m) table.getSelectionModel().select(m);
        });
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<MessageSummary>) c ->
                vm.marked().setAll(table.getSelectionModel().getSelectedItems()));

        Button previous = Icons.button("Newer", Material2AL.CHEVRON_LEFT, "messages-previous", vm::previousPage);
        previous.disableProperty().bind(vm.hasPreviousProperty().not());
        Button next = Icons.button("Older", Material2AL.CHEVRON_RIGHT, "messages-next", vm::nextPage);
        next.disableProperty().bind(vm.hasNextProperty().not());
        Label page = new Label();
        page.setId("messages-page");
        page.textProperty().bind(vm.pageTextProperty());
        Button compare = Icons.button("Compare", Material2AL.COMPARE_ARROWS, "messages-compare", () -> {
            if (vm.marked().size() == 2) {
                long a = vm.marked().get(0).id();
                long b = vm.marked().get(1).id();
                navigator.compare(Math.min(a, b), Math.max(a, b));
            }
        });
        compare.disableProperty().bind(Bindings.size(vm.marked()).isNotEqualTo(2));
        Label arrivals = new Label();
        arrivals.setId("messages-arrivals");
        arrivals.getStyleClass().add("count-link");
        arrivals.textProperty().bind(Bindings.createStringBinding(() -> vm.newArrivalsProperty().get() == 0 ? ""
                : vm.newArrivalsProperty().get() + " new — show", vm.newArrivalsProperty()));
        arrivals.setOnMouseClicked(e -> vm.search());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox paging = new HBox(8, previous, next, page, grow, arrivals, compare);
        paging.getStyleClass().add("toolbar-row");
        Label message = new Label();
        message.setId("messages-message");
        message.setWrapText(true);
        message.getStyleClass().add("status-line");
        message.textProperty().bind(vm.messageProperty());
        VBox box = new VBox(table, paging, message);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

}
