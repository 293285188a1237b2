package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretsFileTest {

    @TempDir
    Path dir;

    @Test
    void values_are_stored_encrypted_and_read_back_with_the_key() throws IOException {
        Path data = dir.resolve("data");
        SecretsFile.createKey(data);
        Path file = SecretsFile.path(dir.resolve("project"), "production");
        SecretsFile.open(file, Optional.empty(), data).put("API_KEY", "s3cr3t-värde");
        SecretsFile.open(file, Optional.empty(), data).put("DB_PASSWORD", "hunter2");

        assertThat(Files.readString(file)).contains("API_KEY").contains("dux1:").doesNotContain("s3cr3t").doesNotContain("hunter2");
        assertThat(SecretsFile.open(file, Optional.empty(), data).readAll())
                .containsEntry("API_KEY", "s3cr3t-värde").containsEntry("DB_PASSWORD", "hunter2");
    }

    @Test
    void another_key_or_a_value_moved_to_another_name_is_refused() throws IOException {
        Path data = dir.resolve("data");
        SecretsFile.createKey(data);
        Path file = SecretsFile.path(dir, "production");
        SecretsFile.open(file, Optional.empty(), data).put("A", "one");
        String other = java.util.Base64.getEncoder().encodeToString(new byte[32]);
        assertThatThrownBy(() -> SecretsFile.open(file, Optional.of(other), data).readAll())
                .hasMessageContaining("A cannot be decrypted with this key");

        Files.writeString(file, Files.readString(file).replace("\"A\"", "\"B\""));
        assertThatThrownBy(() -> SecretsFile.open(file, Optional.empty(), data).readAll()).hasMessageContaining("B cannot be decrypted");
    }

    @Test
    void without_a_key_it_says_where_one_is_looked_for() {
        assertThatThrownBy(() -> SecretsFile.open(dir.resolve("s.json"), Optional.empty(), dir))
                .hasMessageContaining("DUCTUS_SECRETS_KEY").hasMessageContaining("secrets.key");
    }

    @Test
    void a_plain_text_value_is_refused_not_used() throws IOException {
        Path data = dir.resolve("data");
        SecretsFile.createKey(data);
        Path file = dir.resolve("s.json");
        Files.writeString(file, "{\"A\": \"plain\"}");
        assertThatThrownBy(() -> SecretsFile.open(file, Optional.empty(), data).readAll()).hasMessageContaining("A is not encrypted");
    }
}
