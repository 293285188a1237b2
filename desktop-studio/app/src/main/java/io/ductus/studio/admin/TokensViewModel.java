package io.ductus.studio.admin;

import io.ductus.client.model.NewToken;
import io.ductus.client.model.Token;
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

/** API tokens, for admins: every token (revoked ones too, never a secret), making one (its secret shown once), revoking one. */
public final class TokensViewModel {

    private final ServerSession session;
    private final ObservableList<Token> tokens = FXCollections.observableArrayList();
    private final ObjectProperty<Token> selected = new SimpleObjectProperty<>();
    private final StringProperty newName = new SimpleStringProperty("");
    private final StringProperty newRole = new SimpleStringProperty("viewer");
    private final StringProperty newOwner = new SimpleStringProperty("");
    private final BooleanProperty newPayloads = new SimpleBooleanProperty();
    private final BooleanProperty newAudit = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    public TokensViewModel(ServerSession session) {
        this.session = session;
    }

    public ObservableList<Token> tokens() {
        return tokens;
    }

    public ObjectProperty<Token> selectedProperty() {
        return selected;
    }

    public StringProperty newNameProperty() {
        return newName;
    }

    public StringProperty newRoleProperty() {
        return newRole;
    }

    public StringProperty newOwnerProperty() {
        return newOwner;
    }

    public BooleanProperty newPayloadsProperty() {
        return newPayloads;
    }

    public BooleanProperty newAuditProperty() {
        return newAudit;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public void load() {
        session.call(() -> session.api().tokens(), list -> tokens.setAll(list.tokens()), message::set);
    }

    public void create() {
        String name = newName.get() == null ? "" : newName.get().strip();
        if (!name.matches("[A-Za-z0-9._@-]{1,64}")) {
            message.set("Name: 1 to 64 letters, digits, '.', '_', '@' or '-'.");
            return;
        }
        List<String> permissions = new ArrayList<>();
        if (newPayloads.get()) permissions.add("payloads");
        if (newAudit.get()) permissions.add("audit");
        String owner = newOwner.get() == null || newOwner.get().isBlank() ? null : newOwner.get().strip();
        NewToken request = new NewToken(name, newRole.get(), permissions, owner);
        session.call(() -> session.api().createToken(request), made -> {
            session.dialogs().showSecret("Token " + made.token().name(), "Copy the secret now: it is shown this once and the engine keeps"
                    + " only its hash. Send it as Authorization: Bearer.", made.secret());
            message.set("Created token " + made.token().name() + " (" + made.token().role() + ")");
            newName.set("");
            load();
        }, message::set);
    }

    public void revoke() {
        Token t = selected.get();
        if (t == null || t.revokedAt() != null) return;
        if (!session.dialogs().confirm("Revoke token " + t.name(), "Every request with this token is refused from the next one on."
                + " This cannot be undone.", "Revoke")) {
            return;
        }
        session.call(() -> {
            session.api().revokeToken(t.id());
            return t;
        }, done -> {
            message.set("Token " + t.name() + " revoked");
            load();
        }, message::set);
    }
}
