package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.project.CertificateResource;
import io.ductus.core.project.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's own PostgreSQL URL's tls_ca=NAME, as the launcher puts the CA's file in before the store opens. */
class DatabaseCaTest {

    @TempDir
    Path dir;

    private static CertificateResource caFile(String name, String file) {
        return new CertificateResource(name, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(file),
                Optional.empty());
    }

    private static CertificateResource caText(String name, String pem) {
        return new CertificateResource(name, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(pem));
    }

    @Test
    void aCaFromAFileIsUsedWhereItIsAndOneOfTextIsWrittenToTheDataFolder() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path data = dir.resolve("data");
        Resources resources = new Resources(Map.of(), Map.of("db-ca", caFile("db-ca", "certs/db-ca.pem"),
                "inline", caText("inline", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")));
        DatabaseSetting fromFile = DatabaseCa.resolve(DatabaseSetting.parse("postgres://u@db.example.org/ductus?tls_ca=db-ca"), resources,
                project, data);
        assertThat(fromFile.location()).contains("sslrootcert=" + project.resolve("certs/db-ca.pem")).contains("sslmode=verify-full");
        DatabaseSetting fromText = DatabaseCa.resolve(DatabaseSetting.parse("postgres://u@db.example.org/ductus?tls_ca=inline"), resources,
                project, data);
        assertThat(data.resolve("tls/inline.pem")).hasContent("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----");
        assertThat(fromText.location()).contains("inline.pem");
        DatabaseSetting sqlite = DatabaseSetting.parse("sqlite:data/ductus.db");
        assertThat(DatabaseCa.resolve(sqlite, resources, project, data)).isSameAs(sqlite);
    }

    @Test
    void aNameResourcesYamlLacksIsABadArgumentNamingIt() {
        assertThatThrownBy(() -> DatabaseCa.resolve(DatabaseSetting.parse("postgres://u:secret@db.example.org/ductus?tls_ca=nope"),
                new Resources(Map.of()), dir, dir)).isInstanceOf(BadArgumentException.class)
                .hasMessage("database postgres://u:***@db.example.org/ductus?tls_ca=nope: tls_ca: no certificate 'nope' in resources.yaml"
                        + " (it has none)");
    }
}
