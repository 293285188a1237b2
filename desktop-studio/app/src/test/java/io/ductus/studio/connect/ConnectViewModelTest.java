package io.ductus.studio.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.DuctusApi;
import io.ductus.client.model.Me;
import io.ductus.studio.task.CurrentThreadTaskExecutor;
import io.ductus.studio.testing.FakeApi;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectViewModelTest {

    @TempDir
    Path home;

    private final FakeApi api = new FakeApi();
    private final List<String> opened = new ArrayList<>();
    private final List<String> tokensUsed = new ArrayList<>();
    private final ClientFactory clients = new ClientFactory() {
        @Override
        public DuctusApi anonymous(URI base) {
            if (base.getHost().equals("gone")) {
                return new FakeApi().failNext(FakeApi.unreachable()).failNext(FakeApi.unreachable());
            }
            return api;
        }

        @Override
        public DuctusApi withToken(URI base, String token) {
            tokensUsed.add(token);
            return api;
        }
    };

    private ConnectViewModel vm() {
        return new ConnectViewModel(new CurrentThreadTaskExecutor(), new StudioSettings(home), clients,
                (profile, signed) -> opened.add(profile.name() + " as " + signed.me().actor()));
    }

    @Test
    void signing_in_opens_the_window_and_saves_the_server_without_any_secret() throws Exception {
        ConnectViewModel vm = vm();
        vm.nameProperty().set("production");
        vm.urlProperty().set("http://engine:7700");
        vm.usernameProperty().set("alice");
        vm.passwordProperty().set("right password");
        vm.connect();
        assertThat(opened).containsExactly("production as user:alice");
        assertThat(vm.passwordProperty().get()).isEmpty();
        String saved = Files.readString(home.resolve("studio.json"));
        assertThat(saved).contains("\"url\" : \"http://engine:7700\"").contains("\"username\" : \"alice\"").doesNotContain("right password");
        ConnectViewModel again = vm();
        assertThat(again.selectedProperty().get().name()).isEqualTo("production");
        assertThat(again.usernameProperty().get()).isEqualTo("alice");
    }

    @Test
    void an_admin_chosen_password_is_changed_before_the_window_opens() {
        api.me = new Me("user:alice", "session", "alice", null, "operator", List.of(), true);
        ConnectViewModel vm = vm();
        vm.urlProperty().set("http://engine:7700");
        vm.usernameProperty().set("alice");
        vm.passwordProperty().set("right password");
        vm.connect();
        assertThat(vm.phaseProperty().get()).isEqualTo(ConnectViewModel.Phase.CHANGE_PASSWORD);
        assertThat(opened).isEmpty();
        vm.newPasswordProperty().set("a new long password");
        vm.newPasswordAgainProperty().set("a new long passwort");
        vm.changePassword();
        assertThat(vm.messageProperty().get()).isEqualTo("The two new passwords differ.");
        vm.newPasswordAgainProperty().set("a new long password");
        vm.changePassword();
        assertThat(api.calls).contains("changePassword");
        assertThat(opened).containsExactly("engine:7700 as user:alice");
    }

    @Test
    void a_token_signs_in_without_a_user_name_and_is_not_saved() throws Exception {
        ConnectViewModel vm = vm();
        vm.urlProperty().set("http://engine:7700");
        vm.useTokenProperty().set(true);
        vm.tokenProperty().set(" dux_abc ");
        vm.connect();
        assertThat(tokensUsed).containsExactly("dux_abc");
        assertThat(opened).hasSize(1);
        assertThat(Files.readString(home.resolve("studio.json"))).doesNotContain("dux_abc").contains("\"useToken\" : true");
    }

    @Test
    void a_server_that_does_not_answer_says_so_and_blocks_nothing() {
        ConnectViewModel vm = vm();
        vm.urlProperty().set("http://gone:7700");
        vm.usernameProperty().set("alice");
        vm.passwordProperty().set("right password");
        vm.connect();
        assertThat(vm.messageProperty().get()).startsWith("No answer from http://gone:7700");
        assertThat(vm.phaseProperty().get()).isEqualTo(ConnectViewModel.Phase.SIGN_IN);
        vm.urlProperty().set("not a url");
        vm.connect();
        assertThat(vm.messageProperty().get()).startsWith("URL:");
    }

    @Test
    void saved_servers_are_asked_in_the_background_whether_they_answer() {
        StudioSettings settings = new StudioSettings(home);
        settings.profile(new ServerProfile("down", "http://gone:7700", "alice", false));
        settings.profile(new ServerProfile("up", "http://engine:7700", "alice", false));
        ConnectViewModel vm = vm();
        vm.probeAll();
        assertThat(vm.reachabilitySnapshot()).containsEntry("up", "answers (ok)").containsEntry("down", "not answering");
    }

    @Test
    void an_unreadable_settings_file_is_set_aside_and_said() throws Exception {
        Files.writeString(home.resolve("studio.json"), "{ not json");
        ConnectViewModel vm = vm();
        assertThat(vm.messageProperty().get()).contains("could not be read").contains("studio.json.unreadable");
        assertThat(Files.exists(home.resolve("studio.json.unreadable"))).isTrue();
    }
}
