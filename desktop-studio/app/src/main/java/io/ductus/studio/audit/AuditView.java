package io.ductus.studio.audit;

import io.ductus.studio.ui.Titles;
import io.ductus.client.model.AuditEntry;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Columns;
import io.ductus.studio.ui.Icons;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.material2.Material2AL;

/** The audit log with its filters, "load older" and CSV export. Binds only. */
public final class AuditView {

    private final BorderPane root = new BorderPane();

    public AuditView(AuditViewModel vm) {
        root.setId("audit");
        Label title = Titles.screen("Audit log");
        HBox bar = new HBox(title, field("actor (user:alice)", vm.actorProperty(), "audit-actor"),
                field("action (message.resend)", vm.actionProperty(), "audit-action"),
                field("target (message:12)", vm.targetProperty(), "audit-target"), field("outcome", vm.outcomeProperty(), "audit-outcome"),
                Icons.button("Export CSV…", Material2AL.GET_APP, "audit-export", vm::export));
        bar.getStyleClass().add("toolbar-row");
        TableView<AuditEntry> table = new TableView<>(vm.shown());
        table.setId("audit-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(Columns.text("When", 135, e -> Cells.time(e.at())));
        table.getColumns().add(Columns.text("Who", 140, AuditEntry::actor));
        table.getColumns().add(Columns.text("How", 70, AuditEntry::via));
        table.getColumns().add(Columns.text("From", 100, e -> e.address() == null ? "" : e.address()));
        table.getColumns().add(Columns.text("Action", 160, AuditEntry::action));
        table.getColumns().add(Columns.text("Target", 170, e -> e.target() == null ? "" : e.target()));
        table.getColumns().add(Columns.text("Outcome", 70, AuditEntry::outcome));
        table.getColumns().add(Columns.text("Detail", 300, e -> e.detail() == null || e.detail().isNull() ? "" : e.detail().toString()));
        table.setPlaceholder(new Label(vm.mayRead() ? "No audit rows read yet." : "The audit log needs the audit permission."));
        Button older = Icons.button("Load older", Material2AL.EXPAND_MORE, "audit-older", vm::loadOlder);
        older.visibleProperty().bind(vm.olderProperty());
        older.managedProperty().bind(older.visibleProperty());
        Label summary = new Label();
        summary.setId("audit-summary");
        summary.getStyleClass().add("muted");
        summary.textProperty().bind(vm.summaryProperty());
        Label message = new Label();
        message.getStyleClass().add("status-line");
        message.textProperty().bind(vm.messageProperty());
        HBox bottom = new HBox(8, older, summary, message);
        bottom.getStyleClass().add("toolbar-row");
        root.setTop(bar);
        root.setCenter(table);
        root.setBottom(bottom);
    }

    private static TextField field(String prompt, StringProperty property, String id) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(13);
        f.textProperty().bindBidirectional(property);
        return f;
    }

    public Node root() {
        return root;
    }
}
