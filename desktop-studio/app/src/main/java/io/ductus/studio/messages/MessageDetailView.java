package io.ductus.studio.messages;

import io.ductus.client.model.Delivery;
import io.ductus.studio.hl7.Hl7TreeView;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Columns;
import io.ductus.studio.ui.Icons;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** One message: header, facts, deliveries, actions, and the payload as tree, raw text or readable form. Binds only. */
public final class MessageDetailView {

    private final MessageDetailViewModel vm;
    private final VBox root = new VBox(6);
    private final RawPayloadView raw = new RawPayloadView(false);
    private final TabPane payloadTabs = new TabPane();
    private final Tab treeTab = new Tab("HL7 tree");
    private final Tab rawTab = new Tab("Raw");
    private final Tab readableTab = new Tab("Readable");
    private final Tab outputTab = new Tab("Saved output");

    public MessageDetailView(MessageDetailViewModel vm) {
        this.vm = vm;
        root.setId("message-detail");
        root.setStyle("-fx-padding: 0.6em;");
        Label header = new Label();
        header.setId("detail-header");
        header.getStyleClass().add("detail-header");
        header.textProperty().bind(vm.headerProperty());
        Label facts = new Label();
        facts.setId("detail-facts");
        facts.getStyleClass().add("mono");
        facts.textProperty().bind(vm.factsProperty());
        Label status = new Label();
        status.setId("detail-status");
        status.setWrapText(true);
        status.getStyleClass().add("muted");
        status.textProperty().bind(vm.statusProperty());

        SplitPane split = new SplitPane(deliveries(), payload());
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.27);
        VBox.setVgrow(split, Priority.ALWAYS);
        root.getChildren().addAll(header, facts, actions(), status, split);
    }

    public Node root() {
        return root;
    }

    private Node actions() {
        Button resend = Icons.button("Resend", Material2MZ.SEND, "resend", vm::resend);
        Button again = Icons.button("Send to selected again", Material2MZ.REPLAY, "resend-destination", vm::resendToSelected);
        again.disableProperty().bind(vm.selectedDeliveryProperty().isNull());
        Button edit = Icons.button("Edit and send…", Material2AL.EDIT, "edit", vm::startEdit);
        edit.disableProperty().bind(vm.payloadShownProperty().not());
        Button dismiss = Icons.button("Dismiss…", Material2AL.DO_NOT_DISTURB, "dismiss", vm::dismiss);
        Button trySample = Icons.button("Try in the designer", Material2AL.CODE, "try-in-designer", vm::trySample);
        HBox bar = new HBox(8, resend, again, edit, dismiss, trySample);
        bar.disableProperty().bind(vm.messageProperty().isNull());
        bar.setVisible(vm.mayOperate());
        bar.setManaged(vm.mayOperate());
        return bar;
    }

    private Node deliveries() {
        TableView<Delivery> table = new TableView<>(vm.deliveries());
        table.setId("deliveries");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(Columns.text("Destination", 120, Delivery::destination));
        table.getColumns().add(Columns.status("Status", 95, Delivery::status));
        table.getColumns().add(Columns.text("Attempts", 70, d -> String.valueOf(d.attempts())));
        table.getColumns().add(Columns.text("Next attempt", 110, d -> d.nextAttemptAt() == null ? "—" : Cells.time(d.nextAttemptAt())));
        table.getColumns().add(Columns.text("Output", 70, d -> d.outputSize() == null ? "—" : d.outputSize() + " B"));
        // the interface's revision whose code decided the delivery's last outcome (the replay's baseline)
        table.getColumns().add(Columns.text("Revision", 75, d -> d.revision() == null ? "—" : "r" + d.revision()));
        table.getColumns().add(Columns.text("Last error", 320, d -> d.lastError() == null ? "" : d.lastError()));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, d) -> vm.selectedDeliveryProperty().set(d));
        table.setPlaceholder(new Label("No deliveries (a duplicate is stored, not sent)"));
        return table;
    }

    private Node payload() {
        Label notice = new Label();
        notice.setId("audit-notice");
        notice.getStyleClass().add("audit-notice");
        notice.setWrapText(true);
        notice.textProperty().bind(vm.auditNoticeProperty());
        Button show = Icons.button("Show payload", Material2AL.LOCK_OPEN, "show-payload", vm::showPayload);
        show.disableProperty().bind(vm.messageProperty().isNull().or(vm.payloadShownProperty()));
        show.setVisible(vm.mayReadPayloads());
        Button output = Icons.button("Show saved output", Material2AL.DESCRIPTION, "show-output", () -> {
            vm.showOutput();
            payloadTabs.getSelectionModel().select(outputTab);
        });
        output.disableProperty().bind(vm.selectedDeliveryProperty().isNull());
        output.setVisible(vm.mayReadPayloads());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox top = new HBox(8, show, output, grow);
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        Label problem = new Label();
        problem.textProperty().bind(vm.treeProblemProperty());
        problem.getStyleClass().add("muted");
        StackPane treeHolder = new StackPane(new Hl7TreeView(vm.tree()).root(), problem);
        treeTab.setContent(treeHolder);
        treeTab.setId("tab-tree");
        rawTab.setContent(raw.root());
        rawTab.setId("tab-raw");
        TextArea readable = new TextArea();
        readable.setEditable(false);
        readable.getStyleClass().add("mono");
        readableTab.setContent(readable);
        TextArea outputText = new TextArea();
        outputText.setEditable(false);
        outputText.getStyleClass().add("mono");
        outputText.textProperty().bind(vm.outputTextProperty());
        outputTab.setContent(outputText);
        outputTab.setId("tab-output");
        payloadTabs.getTabs().setAll(treeTab, rawTab, readableTab, outputTab);
        payloadTabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        payloadTabs.setId("payload-tabs");
        vm.payloadTextProperty().addListener((o, a, text) -> raw.show(text, vm.highlightsProperty().get()));
        vm.highlightsProperty().addListener((o, a, spans) -> raw.show(vm.payloadTextProperty().get(), spans));
        vm.readableProperty().addListener((o, a, r) -> {
            readable.setText(r == null ? "" : r.readableText());
            if (r != null) {
                payloadTabs.getSelectionModel().select(r.kind() == PayloadFormat.Kind.HL7 ? treeTab
                        : r.kind() == PayloadFormat.Kind.TEXT ? rawTab : readableTab);
            }
        });

        TextArea edit = new TextArea();
        edit.setId("edit-text");
        edit.getStyleClass().add("mono");
        edit.textProperty().bindBidirectional(vm.editTextProperty());
        Button send = Icons.button("Store and send corrected copy", Material2MZ.SEND, "send-edit", vm::sendEdit);
        send.getStyleClass().add("accent");
        Button cancel = Icons.button("Cancel", Material2AL.CLOSE, "cancel-edit", vm::cancelEdit);
        VBox editor = new VBox(6, new Label("Corrected copy (sent to the original's quarantined destinations):"), edit, new HBox(8, send, cancel));
        VBox.setVgrow(edit, Priority.ALWAYS);
        editor.visibleProperty().bind(vm.editingProperty());
        editor.managedProperty().bind(editor.visibleProperty());
        payloadTabs.visibleProperty().bind(vm.editingProperty().not());
        payloadTabs.managedProperty().bind(payloadTabs.visibleProperty());

        VBox box = new VBox(6, notice, top, payloadTabs, editor);
        VBox.setVgrow(payloadTabs, Priority.ALWAYS);
        VBox.setVgrow(editor, Priority.ALWAYS);
        return new BorderPane(box);
    }

}
