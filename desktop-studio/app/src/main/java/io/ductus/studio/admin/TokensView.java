package io.ductus.studio.admin;

import io.ductus.studio.ui.Titles;
import io.ductus.client.model.Token;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Columns;
import io.ductus.studio.ui.Icons;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** API tokens for admins: the list, a form for a new token (its secret shown once), revoking. Binds only. */
public final class TokensView {

    private final BorderPane root = new BorderPane();

    public TokensView(TokensViewModel vm) {
        root.setId("tokens");
        Label title = Titles.screen("Tokens");
        TextField name = new TextField();
        name.setId("token-name");
        name.setPromptText("what it is for");
        name.textProperty().bindBidirectional(vm.newNameProperty());
        ComboBox<String> role = new ComboBox<>();
        role.getItems().setAll(UsersViewModel.ROLES);
        role.valueProperty().bindBidirectional(vm.newRoleProperty());
        TextField owner = new TextField();
        owner.setPromptText("acts for user (optional)");
        owner.textProperty().bindBidirectional(vm.newOwnerProperty());
        CheckBox payloads = new CheckBox("payloads");
        payloads.selectedProperty().bindBidirectional(vm.newPayloadsProperty());
        CheckBox audit = new CheckBox("audit");
        audit.selectedProperty().bindBidirectional(vm.newAuditProperty());
        Button create = Icons.button("Create token", Material2MZ.VPN_KEY, "token-create", vm::create);
        HBox form = new HBox(title, name, role, owner, payloads, audit, create);
        form.getStyleClass().add("toolbar-row");
        TableView<Token> table = new TableView<>(vm.tokens());
        table.setId("tokens-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(Columns.text("Name", 150, Token::name));
        table.getColumns().add(Columns.text("Role", 80, Token::role));
        table.getColumns().add(Columns.text("Permissions", 130, t -> String.join(", ", t.permissions())));
        table.getColumns().add(Columns.text("Acts for", 110, t -> t.owner() == null ? "(service)" : t.owner()));
        table.getColumns().add(Columns.text("Created", 130, t -> Cells.time(t.createdAt())));
        table.getColumns().add(Columns.text("By", 130, Token::createdBy));
        table.getColumns().add(Columns.text("Revoked", 130, t -> t.revokedAt() == null ? "" : Cells.time(t.revokedAt())));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> vm.selectedProperty().set(t));
        Button revoke = Icons.button("Revoke…", Material2AL.BLOCK, "token-revoke", vm::revoke);
        revoke.disableProperty().bind(vm.selectedProperty().isNull());
        Label message = new Label();
        message.getStyleClass().add("status-line");
        message.textProperty().bind(vm.messageProperty());
        HBox actions = new HBox(8, revoke, message);
        actions.getStyleClass().add("toolbar-row");
        root.setTop(form);
        root.setCenter(table);
        root.setBottom(actions);
    }

    public Node root() {
        return root;
    }
}
