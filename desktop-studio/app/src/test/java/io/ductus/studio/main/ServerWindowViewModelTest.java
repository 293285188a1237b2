package io.ductus.studio.main;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.ApiException;
import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.Me;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerWindowViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");

    private ServerWindowViewModel window(Me me) {
        api.me = me;
        ServerSession session = Sessions.of(api, new ScriptedDialogs());
        return new ServerWindowViewModel(session, new Hl7TreeReader(), Hl7Dictionary.standard());
    }

    @Test
    void a_401_asks_for_signing_in_again_in_place_and_the_screens_keep_their_state() {
        ServerWindowViewModel vm = window(api.me);
        vm.dashboard().load();
        vm.dashboard().searchProperty().set("adt");
        api.failNext(FakeApi.unauthorized());
        vm.dashboard().load();
        assertThat(vm.session().connection().signInNeededProperty().get()).isTrue();
        assertThat(vm.session().connection().bannerProperty().get()).contains("Sign in again");
        vm.signInPasswordProperty().set("wrong");
        vm.signInAgain();
        assertThat(vm.signInMessageProperty().get()).contains("Wrong user name or password");
        vm.signInPasswordProperty().set("right password");
        vm.signInAgain();
        assertThat(vm.session().connection().signInNeededProperty().get()).isFalse();
        assertThat(vm.session().connection().bannerProperty().get()).isEmpty();
        assertThat(vm.dashboard().searchProperty().get()).isEqualTo("adt");
        assertThat(vm.signInPasswordProperty().get()).isEmpty();
    }

    @Test
    void screens_a_role_may_not_use_say_which_role_or_permission_they_need() {
        ServerWindowViewModel viewer = window(new Me("token:wall", "token", null, "wall", "viewer", List.of(), false));
        assertThat(viewer.allowed(Screen.DASHBOARD)).isTrue();
        assertThat(viewer.allowed(Screen.AUDIT)).isFalse();
        assertThat(viewer.whyNot(Screen.AUDIT)).startsWith("The audit log needs the audit permission").contains("token:wall · viewer");
        assertThat(viewer.whyNot(Screen.USERS)).startsWith("Users and tokens are for admins");
        ServerWindowViewModel admin = window(new Me("user:root", "session", "root", null, "admin", List.of(), false));
        assertThat(admin.allowed(Screen.AUDIT)).isTrue();
        assertThat(admin.allowed(Screen.TOKENS)).isTrue();
    }

    @Test
    void a_count_opens_the_messages_screen_filtered() {
        ServerWindowViewModel vm = window(api.me);
        api.message(1, "adt-in", "quarantined", "MSH|^~\\&|A\r");
        vm.showMessages("adt-in", "quarantined");
        assertThat(vm.screenProperty().get()).isEqualTo(Screen.MESSAGES);
        assertThat(vm.messages().messages()).hasSize(1);
        vm.compare(1, 1);
        assertThat(vm.screenProperty().get()).isEqualTo(Screen.COMPARE);
    }

    @Test
    void the_stream_lost_and_back_is_one_banner_then_none_and_the_screens_read_again() {
        ServerWindowViewModel vm = window(api.me);
        vm.dashboard().load();
        vm.session().live().connected(); // the first connection: the screen loads by itself, nothing more
        int reads = (int) api.calls.stream().filter(c -> c.equals("interfaces")).count();
        assertThat(reads).isEqualTo(1);
        vm.session().live().disconnected(new ApiException(ApiException.Kind.UNREACHABLE, 0, "Event stream lost", "connection refused"),
                Duration.ofSeconds(4));
        assertThat(vm.session().connection().bannerProperty().get())
                .isEqualTo("Connection to test-engine lost (connection refused). Reconnecting in 4 s; nothing you typed is lost.");
        vm.session().live().connected();
        assertThat(vm.session().connection().bannerProperty().get()).isEmpty();
        assertThat(api.calls.stream().filter(c -> c.equals("interfaces")).count()).isEqualTo(reads + 1);
        vm.session().live().event(8, new EngineEvent.Resync("fell behind"));
        assertThat(api.calls.stream().filter(c -> c.equals("interfaces")).count()).isEqualTo(reads + 2);
    }
}
