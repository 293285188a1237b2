package io.ductus.studio.admin;

import io.ductus.studio.ui.Titles;
import io.ductus.client.model.User;
import io.ductus.studio.ui.Cells;
import io.ductus.studio.ui.Columns;
import io.ductus.studio.ui.Icons;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** Users for admins: the list, a form for a new user, and setting a password. Binds only. */
public final class UsersView {

    private final BorderPane root = new BorderPane();

    public UsersView(UsersViewModel vm) {
        root.setId("users");
        Label title = Titles.screen("Users");
        TextField name = new TextField();
        name.setId("user-name");
        name.setPromptText("user name");
        name.textProperty().bindBidirectional(vm.newNameProperty());
        ComboBox<String> role = new ComboBox<>();
        role.getItems().setAll(UsersViewModel.ROLES);
        role.valueProperty().bindBidirectional(vm.newRoleProperty());
        CheckBox payloads = new CheckBox("payloads");
        payloads.selectedProperty().bindBidirectional(vm.newPayloadsProperty());
        CheckBox audit = new CheckBox("audit");
        audit.selectedProperty().bindBidirectional(vm.newAuditProperty());
        PasswordField password = new PasswordField();
        password.setId("user-password");
        password.setPromptText("first password (12+ characters)");
        password.textProperty().bindBidirectional(vm.newPasswordProperty());
        Button create = Icons.button("Create user", Material2MZ.PERSON_ADD, "user-create", vm::create);
        HBox form = new HBox(title, name, role, payloads, audit, password, create);
        form.getStyleClass().add("toolbar-row");

        TableView<User> table = new TableView<>(vm.users());
        table.setId("users-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getStyleClass().add("dense");
        table.getColumns().add(Columns.text("Name", 140, User::username));
        table.getColumns().add(Columns.text("Role", 80, User::role));
        table.getColumns().add(Columns.text("Permissions", 130, u -> String.join(", ", u.permissions())));
        table.getColumns().add(Columns.text("Password", 170, u -> u.mustChangePassword() ? "must change at next sign-in" : "their own"));
        table.getColumns().add(Columns.text("Locked", 130, u -> u.locked() ? "until " + Cells.time(u.lockedUntil()) : "no"));
        table.getColumns().add(Columns.text("Created", 130, u -> Cells.time(u.createdAt())));
        table.getColumns().add(Columns.text("Password set", 130, u -> Cells.time(u.passwordChangedAt())));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, u) -> vm.selectedProperty().set(u));
        Button setPassword = Icons.button("Set password…", Material2MZ.VPN_KEY, "user-set-password", vm::setPassword);
        setPassword.disableProperty().bind(vm.selectedProperty().isNull());
        Label message = new Label();
        message.setId("users-message");
        message.getStyleClass().add("status-line");
        message.textProperty().bind(vm.messageProperty());
        HBox actions = new HBox(8, setPassword, message);
        actions.getStyleClass().add("toolbar-row");
        root.setTop(new VBox(form));
        root.setCenter(table);
        root.setBottom(actions);
    }

    public Node root() {
        return root;
    }
}
