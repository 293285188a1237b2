package io.ductus.core.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretReferencesTest {

    private static final Map<String, String> SECRETS = Map.of("LAB_TOKEN", "t0k$n\\1", "SFTP_PASSWORD", "pw");

    private static String secret(String name) {
        String value = SECRETS.get(name);
        if (value == null) throw new IllegalStateException("no secret " + name + " (ductus secret set " + name + " adds it)");
        return value;
    }

    @Test
    void replaces_references_inside_texts_nested_maps_and_lists_and_leaves_the_rest_alone() {
        Map<String, Object> settings = Map.of(
                "headers", "Authorization: Bearer ${secret:LAB_TOKEN}\nX-Site: north",
                "auth", Map.of("password", "${secret:SFTP_PASSWORD}", "user", "ductus"),
                "hosts", List.of("${secret:SFTP_PASSWORD}@a", "b"),
                "port", 22L);

        Map<String, Object> resolved = SecretReferences.resolve(settings, SecretReferencesTest::secret);

        assertThat(resolved.get("headers")).isEqualTo("Authorization: Bearer t0k$n\\1\nX-Site: north");
        assertThat(resolved.get("auth")).isEqualTo(Map.of("password", "pw", "user", "ductus"));
        assertThat(resolved.get("hosts")).isEqualTo(List.of("pw@a", "b"));
        assertThat(resolved.get("port")).isEqualTo(22L);
    }

    @Test
    void a_missing_secret_names_the_setting_and_says_how_to_add_it() {
        assertThatThrownBy(() -> SecretReferences.resolve(Map.of("auth", Map.of("password", "${secret:NOPE}")),
                SecretReferencesTest::secret))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("auth.password: no secret NOPE (ductus secret set NOPE adds it)");
    }
}
