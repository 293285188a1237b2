package io.ductus.connector.sftp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings the schema alone cannot judge: how the server is trusted, how to log in, templates. */
class SftpConnectorFactoryTest {

    private final SftpConnectorFactory factory = new SftpConnectorFactory(name -> null);

    @Test
    void a_server_must_be_trusted_through_known_hosts_or_a_pinned_host_key() {
        assertThat(check(Role.DESTINATION, Map.of())).singleElement()
                .satisfies(p -> assertThat(p.toString()).startsWith("known_hosts: required: the server is trusted only through"));
        assertThat(check(Role.DESTINATION, Map.of("known_hosts", "kh", "host_key", "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8")))
                .containsExactly(new ConfigProblem("host_key", "give known_hosts or host_key, not both"));
        assertThat(check(Role.DESTINATION, Map.of("host_key", "aa:bb:cc"))).extracting(ConfigProblem::field).containsExactly("host_key");
    }

    @Test
    void needs_a_way_to_log_in_and_names_variables_not_secrets() {
        Map<String, Object> noLogin = new HashMap<>(base(Role.DESTINATION));
        noLogin.remove("password_env");
        noLogin.put("known_hosts", "known_hosts");
        assertThat(factory.check(Role.DESTINATION, ConnectorConfig.of(SftpConnectorFactory.DESTINATION, noLogin)))
                .extracting(ConfigProblem::field).containsExactly("password");

        assertThat(check(Role.DESTINATION, Map.of("known_hosts", "kh", "password_env", "hunter2!")))
                .containsExactly(new ConfigProblem("password_env", "the name of an environment variable (letters, digits, _), not the secret itself"));
    }

    @Test
    void a_password_is_a_secret_reference_never_the_password_itself() {
        assertThat(checkLogin("password", "${secret:LAB_SFTP}")).isEmpty();
        assertThat(checkLogin("password", "hunter2")).containsExactly(new ConfigProblem("password",
                "write a reference to the encrypted secrets file, ${secret:NAME}, never the secret itself"));
    }

    /** Destination settings that log in with this one setting only. */
    private List<ConfigProblem> checkLogin(String name, String value) {
        Map<String, Object> settings = new HashMap<>(base(Role.DESTINATION));
        settings.remove("password_env");
        settings.put("known_hosts", "known_hosts");
        settings.put(name, value);
        assertThat(SftpConnectorFactory.DESTINATION.validate(settings)).isEmpty();
        return factory.check(Role.DESTINATION, ConnectorConfig.of(SftpConnectorFactory.DESTINATION, settings));
    }

    @Test
    void refuses_a_broken_path_template() {
        assertThat(check(Role.DESTINATION, Map.of("known_hosts", "kh", "path", "out/{MSH-10.hl7")))
                .extracting(ConfigProblem::field).containsExactly("path");
    }

    @Test
    void source_folders_must_differ() {
        assertThat(check(Role.SOURCE, Map.of("known_hosts", "kh", "done_folder", "x", "error_folder", "x")))
                .extracting(ConfigProblem::field).containsExactly("error_folder");
    }

    private List<ConfigProblem> check(Role role, Map<String, Object> extra) {
        Map<String, Object> settings = new HashMap<>(base(role));
        settings.putAll(extra);
        var schema = role == Role.SOURCE ? SftpConnectorFactory.SOURCE : SftpConnectorFactory.DESTINATION;
        assertThat(schema.validate(settings)).isEmpty();
        return factory.check(role, ConnectorConfig.of(schema, settings));
    }

    private static Map<String, Object> base(Role role) {
        Map<String, Object> settings = new HashMap<>(Map.of("connect", "sftp.example.org:22", "user", "lab", "password_env", "SFTP_PASSWORD"));
        if (role == Role.SOURCE) {
            settings.put("folder", "outbox");
            settings.put("split", "hl7");
        } else {
            settings.put("path", "in/{id}.hl7");
        }
        return settings;
    }
}
