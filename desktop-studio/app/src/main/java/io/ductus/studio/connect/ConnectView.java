package io.ductus.studio.connect;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.VBox;

/** The connect screen's code-behind (Connect.fxml): binds the form to {@link ConnectViewModel}, nothing else. */
public final class ConnectView {

    @FXML private ListView<ServerProfile> profiles;
    @FXML private Button newProfile;
    @FXML private Button forget;
    @FXML private TextField name;
    @FXML private TextField url;
    @FXML private RadioButton withPassword;
    @FXML private RadioButton withToken;
    @FXML private Label usernameLabel;
    @FXML private TextField username;
    @FXML private Label passwordLabel;
    @FXML private PasswordField password;
    @FXML private Label tokenLabel;
    @FXML private PasswordField token;
    @FXML private Button connect;
    @FXML private ProgressIndicator busy;
    @FXML private VBox changePasswordBox;
    @FXML private PasswordField newPassword;
    @FXML private PasswordField newPasswordAgain;
    @FXML private Button changePassword;
    @FXML private Label message;

    private final ConnectViewModel vm;
    private final Parent root;

    public ConnectView(ConnectViewModel vm) {
        this.vm = vm;
        FXMLLoader loader = new FXMLLoader(ConnectView.class.getResource("/io/ductus/studio/connect/Connect.fxml"));
        loader.setController(this);
        try {
            root = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Parent root() {
        return root;
    }

    @FXML
    private void initialize() {
        profiles.setId("profiles");
        profiles.setItems(vm.profiles());
        profiles.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(ServerProfile p, boolean empty) {
                super.updateItem(p, empty);
                textProperty().unbind();
                if (empty || p == null) {
                    setText(null);
                    return;
                }
                textProperty().bind(Bindings.createStringBinding(() -> p.name() + "\n" + p.url()
                        + (vm.reachability().containsKey(p.name()) ? "  ·  " + vm.reachability().get(p.name()) : ""), vm.reachability()));
            }
        });
        profiles.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> {
            if (p != null) vm.selectedProperty().set(p);
        });
        vm.selectedProperty().addListener((o, a, p) -> {
            if (p == null) profiles.getSelectionModel().clearSelection();
            else profiles.getSelectionModel().select(p);
        });
        if (vm.selectedProperty().get() != null) profiles.getSelectionModel().select(vm.selectedProperty().get());
        newProfile.setOnAction(e -> vm.newProfile());
        forget.setOnAction(e -> vm.forgetSelected());
        forget.disableProperty().bind(vm.selectedProperty().isNull());

        name.setId("name");
        url.setId("url");
        username.setId("username");
        password.setId("password");
        token.setId("token");
        connect.setId("connect");
        name.textProperty().bindBidirectional(vm.nameProperty());
        url.textProperty().bindBidirectional(vm.urlProperty());
        username.textProperty().bindBidirectional(vm.usernameProperty());
        password.textProperty().bindBidirectional(vm.passwordProperty());
        token.textProperty().bindBidirectional(vm.tokenProperty());
        ToggleGroup mode = new ToggleGroup();
        withPassword.setToggleGroup(mode);
        withToken.setToggleGroup(mode);
        withToken.setSelected(vm.useTokenProperty().get());
        withPassword.setSelected(!vm.useTokenProperty().get());
        withToken.selectedProperty().bindBidirectional(vm.useTokenProperty());
        vm.useTokenProperty().addListener((o, a, t) -> withPassword.setSelected(!t));
        for (var node : new javafx.scene.Node[] {usernameLabel, username, passwordLabel, password}) {
            node.visibleProperty().bind(vm.useTokenProperty().not());
            node.managedProperty().bind(node.visibleProperty());
        }
        for (var node : new javafx.scene.Node[] {tokenLabel, token}) {
            node.visibleProperty().bind(vm.useTokenProperty());
            node.managedProperty().bind(node.visibleProperty());
        }
        connect.setOnAction(e -> vm.connect());
        connect.disableProperty().bind(vm.phaseProperty().isEqualTo(ConnectViewModel.Phase.BUSY));
        busy.visibleProperty().bind(vm.phaseProperty().isEqualTo(ConnectViewModel.Phase.BUSY));

        changePasswordBox.visibleProperty().bind(vm.phaseProperty().isEqualTo(ConnectViewModel.Phase.CHANGE_PASSWORD));
        changePasswordBox.managedProperty().bind(changePasswordBox.visibleProperty());
        newPassword.setId("newPassword");
        newPasswordAgain.setId("newPasswordAgain");
        changePassword.setId("changePassword");
        newPassword.textProperty().bindBidirectional(vm.newPasswordProperty());
        newPasswordAgain.textProperty().bindBidirectional(vm.newPasswordAgainProperty());
        changePassword.setOnAction(e -> vm.changePassword());
        // The password step takes the keyboard at once (the disabled Connect button gave the focus away).
        vm.phaseProperty().addListener((o, was, phase) -> {
            if (phase == ConnectViewModel.Phase.CHANGE_PASSWORD) newPassword.requestFocus();
            if (phase == ConnectViewModel.Phase.SIGN_IN && was == ConnectViewModel.Phase.BUSY) connect.requestFocus();
        });

        message.setId("connect-message");
        message.textProperty().bind(vm.messageProperty());
    }
}
