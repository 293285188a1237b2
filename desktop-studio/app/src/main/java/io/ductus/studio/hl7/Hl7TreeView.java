package io.ductus.studio.hl7;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/** The HL7 tree (segments, fields, repetitions, components) with each position's name and type on hover and in the side panel. */
public final class Hl7TreeView {

    private final Hl7TreeViewModel vm;
    private final SplitPane root = new SplitPane();
    private final TreeView<Hl7Node> tree = new TreeView<>();

    public Hl7TreeView(Hl7TreeViewModel vm) {
        this.vm = vm;
        tree.setId("hl7-tree");
        tree.setShowRoot(false);
        tree.setCellFactory(t -> new TreeCell<>() {
            @Override
            protected void updateItem(Hl7Node node, boolean empty) {
                super.updateItem(node, empty);
                setText(empty || node == null ? null : vm.label(node));
                setTooltip(empty || node == null ? null : new Tooltip(vm.tooltip(node)));
                getStyleClass().remove("mono");
                if (!empty) getStyleClass().add("mono");
            }
        });
        vm.rootProperty().addListener((o, a, message) -> tree.setRoot(message == null ? null : item(message, 0)));
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item != null) vm.selectedProperty().set(item.getValue());
        });

        Label title = new Label();
        title.setId("hl7-selected");
        title.getStyleClass().add("detail-header");
        title.setWrapText(true);
        title.textProperty().bind(vm.selectedTitleProperty());
        TableView<Hl7TreeViewModel.Detail> details = new TableView<>(vm.details());
        details.setId("hl7-details");
        details.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        details.getStyleClass().add("dense");
        details.getColumns().add(column("Position", 90, Hl7TreeViewModel.Detail::path));
        details.getColumns().add(column("Name", 170, Hl7TreeViewModel.Detail::name));
        details.getColumns().add(column("Type", 55, Hl7TreeViewModel.Detail::dataType));
        details.getColumns().add(column("Value", 160, Hl7TreeViewModel.Detail::value));
        details.setPlaceholder(new Label("Select a position in the tree"));
        VBox side = new VBox(8, title, details);
        VBox.setVgrow(details, javafx.scene.layout.Priority.ALWAYS);
        side.setStyle("-fx-padding: 0.5em;");
        root.getItems().addAll(new BorderPane(tree), side);
        root.setDividerPositions(0.5);
    }

    public Node root() {
        return root;
    }

    /** Another id for the tree (two trees in one window: the browser's and the designer's sample). */
    public Hl7TreeView treeId(String id) {
        tree.setId(id);
        return this;
    }

    /** What a double click or Enter on a position does (the designer inserts its path into the code). */
    public Hl7TreeView onActivated(java.util.function.Consumer<Hl7Node> action) {
        tree.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && tree.getSelectionModel().getSelectedItem() != null) {
                action.accept(tree.getSelectionModel().getSelectedItem().getValue());
            }
        });
        tree.setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && tree.getSelectionModel().getSelectedItem() != null) {
                action.accept(tree.getSelectionModel().getSelectedItem().getValue());
            }
        });
        return this;
    }

    private TreeItem<Hl7Node> item(Hl7Node node, int depth) {
        TreeItem<Hl7Node> item = new TreeItem<>(node);
        item.setExpanded(depth < 1);
        for (Hl7Node child : node.children()) item.getChildren().add(item(child, depth + 1));
        return item;
    }

    private static TableColumn<Hl7TreeViewModel.Detail, String> column(String title, double width,
                                                                       java.util.function.Function<Hl7TreeViewModel.Detail, String> value) {
        TableColumn<Hl7TreeViewModel.Detail, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(p -> new ReadOnlyStringWrapper(value.apply(p.getValue())));
        return c;
    }
}
