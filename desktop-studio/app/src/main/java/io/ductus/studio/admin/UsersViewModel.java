package io.ductus.studio.admin;

import io.ductus.client.model.NewUser;
import io.ductus.client.model.User;
import io.ductus.studio.server.ServerSession;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Users, for admins: every user with role, permissions, lockout and password state; making a user (with a
 * first password they must change) and setting a user's password. Checks what the engine checks too, so the
 * form says what is wrong before sending.
 */
public final class UsersViewModel {

    public static final List<String> ROLES = List.of("viewer", "operator", "admin");

    private final ServerSession session;
    private final ObservableList<User> users = FXCollections.observableArrayList();
    private final ObjectProperty<User> selected = new SimpleObjectProperty<>();
    private final StringProperty newName = new SimpleStringProperty("");
    private final StringProperty newRole = new SimpleStringProperty("viewer");
    private final BooleanProperty newPayloads = new SimpleBooleanProperty();
    private final BooleanProperty newAudit = new SimpleBooleanProperty();
    private final StringProperty newPassword = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    public UsersViewModel(ServerSession session) {
        this.session = session;
    }

    public ObservableList<User> users() {
        return users;
    }

    public ObjectProperty<User> selectedProperty() {
        return selected;
    }

    public StringProperty newNameProperty() {
        return newName;
    }

    public StringProperty newRoleProperty() {
        return newRole;
    }

    public BooleanProperty newPayloadsProperty() {
        return newPayloads;
    }

    public BooleanProperty newAuditProperty() {
        return newAudit;
    }

    public StringProperty newPasswordProperty() {
        return newPassword;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public boolean mayManage() {
        return session.me() != null && session.me().atLeast("admin");
    }

    public void load() {
        session.call(() -> session.api().users(), list -> users.setAll(list.users()), message::set);
    }

    public void create() {
        String name = newName.get() == null ? "" : newName.get().strip();
        if (!name.matches("[A-Za-z0-9._@-]{1,64}")) {
            message.set("Name: 1 to 64 letters, digits, '.', '_', '@' or '-'.");
            return;
        }
        if (newPassword.get() == null || newPassword.get().length() < 12) {
            message.set("First password: at least 12 characters (they must change it at first sign-in).");
            return;
        }
        List<String> permissions = new ArrayList<>();
        if (newPayloads.get()) permissions.add("payloads");
        if (newAudit.get()) permissions.add("audit");
        NewUser user = new NewUser(name, newRole.get(), permissions, newPassword.get());
        session.call(() -> session.api().createUser(user), made -> {
            message.set("Created " + made.username() + " (" + made.role() + "); they choose their own password at first sign-in.");
            newName.set("");
            newPassword.set("");
            newPayloads.set(false);
            newAudit.set(false);
            load();
        }, message::set);
    }

    /** Sets the selected user's password (they must change it; their sessions end; a lockout ends). */
    public void setPassword() {
        User u = selected.get();
        if (u == null) return;
        var password = session.dialogs().askText("New password for " + u.username(), "At least 12 characters. " + u.username()
                + " must change it at next sign-in; their sessions end and a lockout is lifted.", "New password");
        if (password.isEmpty()) return;
        if (password.get().length() < 12) {
            message.set("The password needs at least 12 characters.");
            return;
        }
        session.call(() -> {
            session.api().setUserPassword(u.id(), password.get());
            return u;
        }, done -> {
            message.set("Password of " + u.username() + " set; they must change it at next sign-in.");
            load();
        }, message::set);
    }
}
