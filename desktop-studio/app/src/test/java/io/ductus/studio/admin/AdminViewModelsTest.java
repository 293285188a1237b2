package io.ductus.studio.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import org.junit.jupiter.api.Test;

class AdminViewModelsTest {

    private final FakeApi api = new FakeApi();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();

    @Test
    void a_user_is_made_with_role_permissions_and_a_first_password_checked_before_sending() {
        UsersViewModel users = new UsersViewModel(Sessions.of(api, dialogs));
        users.newNameProperty().set("bad name!");
        users.create();
        assertThat(users.messageProperty().get()).startsWith("Name:");
        users.newNameProperty().set("ops.nurse");
        users.newPasswordProperty().set("short");
        users.create();
        assertThat(users.messageProperty().get()).startsWith("First password");
        users.newPasswordProperty().set("long enough password");
        users.newRoleProperty().set("operator");
        users.newPayloadsProperty().set(true);
        users.create();
        assertThat(api.calls).contains("createUser ops.nurse operator [payloads]");
        assertThat(users.users()).extracting(u -> u.username() + " " + u.mustChangePassword()).containsExactly("ops.nurse true");
        assertThat(users.newPasswordProperty().get()).isEmpty();
    }

    @Test
    void setting_a_password_asks_for_it_and_checks_its_length() {
        UsersViewModel users = new UsersViewModel(Sessions.of(api, dialogs));
        users.newNameProperty().set("bob");
        users.newPasswordProperty().set("long enough password");
        users.create();
        users.selectedProperty().set(users.users().getFirst());
        dialogs.answer("tiny");
        users.setPassword();
        assertThat(api.calls).noneMatch(c -> c.startsWith("setUserPassword"));
        dialogs.answer("another long password");
        users.setPassword();
        assertThat(api.calls).contains("setUserPassword 1");
    }

    @Test
    void a_token_shows_its_secret_once_and_revoking_asks_first() {
        TokensViewModel tokens = new TokensViewModel(Sessions.of(api, dialogs));
        tokens.newNameProperty().set("prometheus");
        tokens.newOwnerProperty().set("alice");
        tokens.create();
        assertThat(api.calls).contains("createToken prometheus viewer alice");
        assertThat(dialogs.secretShown).startsWith("dux_");
        tokens.selectedProperty().set(tokens.tokens().getFirst());
        dialogs.answer(false);
        tokens.revoke();
        assertThat(api.calls).noneMatch(c -> c.startsWith("revokeToken"));
        tokens.revoke();
        assertThat(tokens.tokens().getFirst().revokedAt()).isNotNull();
    }
}
