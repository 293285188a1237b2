package io.ductus.studio.quarantine;

import io.ductus.studio.ui.Titles;
import io.ductus.client.model.QuarantinedDelivery;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Columns;
import io.ductus.studio.ui.Icons;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** The quarantine grouped by reason: groups above, the chosen group's deliveries below. Binds only. */
public final class QuarantineView {

    private final BorderPane root = new BorderPane();

    public QuarantineView(QuarantineViewModel vm, boolean mayOperate) {
        root.setId("quarantine");
        Label title = Titles.screen("Quarantine");
        Label summary = new Label();
        summary.setId("quarantine-summary");
        summary.getStyleClass().add("muted");
        summary.textProperty().bind(vm.summaryProperty());
        TextField iface = new TextField();
        iface.setPromptText("only this interface");
        iface.textProperty().bindBidirectional(vm.interfaceNameProperty());
        iface.setOnAction(e -> vm.load());
        Button refresh = Icons.iconButton(Material2MZ.REFRESH, "Read the quarantine again (F5)", "quarantine-refresh", vm::load);
        Button more = Icons.button("Load more", Material2AL.EXPAND_MORE, "quarantine-more", vm::loadMore);
        more.visibleProperty().bind(vm.moreProperty());
        more.managedProperty().bind(more.visibleProperty());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(title, summary, grow, iface, refresh, more);
        bar.getStyleClass().add("toolbar-row");

        TableView<QuarantineGroup> groups = new TableView<>(vm.groups());
        groups.setId("quarantine-groups");
        groups.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        groups.getStyleClass().add("dense");
        groups.getColumns().add(Columns.text("Deliveries", 90, g -> String.valueOf(g.deliveries().size())));
        groups.getColumns().add(Columns.text("Interfaces", 90, g -> String.valueOf(g.interfaces())));
        groups.getColumns().add(Columns.text("Reason", 700, QuarantineGroup::reason));
        groups.getSelectionModel().selectedItemProperty().addListener((o, a, g) -> vm.selectedGroupProperty().set(g));
        vm.selectedGroupProperty().addListener((o, a, g) -> {
            if (g != null && groups.getSelectionModel().getSelectedItem() != g) groups.getSelectionModel().select(g);
        });
        groups.setPlaceholder(new Label("Nothing is quarantined."));

        TableView<QuarantinedDelivery> deliveries = new TableView<>(vm.deliveries());
        deliveries.setId("quarantine-deliveries");
        deliveries.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        deliveries.getStyleClass().add("dense");
        deliveries.getColumns().add(Columns.text("Message", 80, d -> String.valueOf(d.message().id())));
        deliveries.getColumns().add(Columns.text("Interface", 110, d -> d.message().interfaceName()));
        deliveries.getColumns().add(Columns.text("Destination", 110, QuarantinedDelivery::destination));
        deliveries.getColumns().add(Columns.text("Attempts", 70, d -> String.valueOf(d.attempts())));
        deliveries.getColumns().add(Columns.text("Quarantined", 130, d -> Cells.time(d.quarantinedAt())));
        deliveries.getColumns().add(Columns.text("Last error", 420, QuarantinedDelivery::lastError));
        deliveries.getSelectionModel().selectedItemProperty().addListener((o, a, d) -> vm.selectedProperty().set(d));
        deliveries.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) vm.open(vm.selectedProperty().get());
        });
        Button open = Icons.button("Open message", Material2AL.LAUNCH, "quarantine-open", () -> vm.open(vm.selectedProperty().get()));
        open.disableProperty().bind(vm.selectedProperty().isNull());
        Button resend = Icons.button("Resend group", Material2MZ.SEND, "quarantine-resend", vm::resendGroup);
        Button dismiss = Icons.button("Dismiss group…", Material2AL.DO_NOT_DISTURB, "quarantine-dismiss", vm::dismissGroup);
        for (Button b : new Button[] {resend, dismiss}) {
            b.disableProperty().bind(vm.selectedGroupProperty().isNull());
            b.setVisible(mayOperate);
            b.setManaged(mayOperate);
        }
        Label message = new Label();
        message.setId("quarantine-message");
        message.getStyleClass().add("status-line");
        message.textProperty().bind(vm.messageProperty());
        HBox actions = new HBox(8, open, resend, dismiss, message);
        actions.getStyleClass().add("toolbar-row");
        VBox lower = new VBox(actions, deliveries);
        VBox.setVgrow(deliveries, Priority.ALWAYS);
        SplitPane split = new SplitPane(groups, lower);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.35);
        root.setTop(bar);
        root.setCenter(split);
    }

    public Node root() {
        return root;
    }
}
