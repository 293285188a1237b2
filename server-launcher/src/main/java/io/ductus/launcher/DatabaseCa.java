package io.ductus.launcher;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.config.DatabaseTls;
import io.ductus.core.project.CertificateResource;
import io.ductus.core.project.ProjectShapes;
import io.ductus.core.project.Resources;
import io.ductus.core.project.SecretReferences;
import io.ductus.project.SecretsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The engine's own PostgreSQL URL with {@code tls_ca=NAME}: the CA of resources.yaml put in as the driver's
 * {@code sslrootcert} file before the store opens (the store bundle starts before the engine has read the project). A
 * CA from a file is used where it is (a renewal is read by the next connection); one of PEM text is written to
 * {@code <data>/tls/NAME.pem}.
 */
final class DatabaseCa {

    private DatabaseCa() {
    }

    /** @throws BadArgumentException naming the setting when resources.yaml has no such certificate */
    static DatabaseSetting resolve(DatabaseSetting db, Resources resources, Path project, Path data) {
        if (db.kind() != DatabaseSetting.Kind.POSTGRES || DatabaseTls.caName(db.location()).isEmpty()) return db;
        try {
            return new DatabaseSetting(db.kind(), DatabaseTls.resolve(db.location(), name -> file(name, resources, project, data).toString()));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new BadArgumentException("database " + db.display() + ": " + e.getMessage());
        }
    }

    private static Path file(String name, Resources resources, Path project, Path data) {
        CertificateResource entry = resources.certificates().get(name);
        if (entry == null) {
            throw new IllegalArgumentException(DatabaseTls.CA + ": no certificate '" + name + "' in " + ProjectShapes.RESOURCES_FILE
                    + (resources.certificates().isEmpty() ? " (it has none)" : " (it has " + String.join(", ", resources.certificates().keySet()) + ")"));
        }
        boolean pair = entry.kind() == CertificateResource.Kind.PAIR;
        Optional<String> file = pair ? entry.certFile() : entry.caFile();
        if (file.isPresent()) return project.resolve(file.get());
        String text = (pair ? entry.cert() : entry.ca()).orElseThrow();
        Map<String, String> secrets = text.contains("${secret:") ? SecretsFile.open(SecretsFile.path(project,
                SecretsFile.environment(System::getenv)), SecretsFile.keyFrom(System::getenv), data).readAll() : Map.of();
        Object pem = SecretReferences.resolve(Map.<String, Object>of("ca", text), ref -> {
            String value = secrets.get(ref);
            if (value == null) throw new IllegalArgumentException("certificate '" + name + "': no secret " + ref);
            return value;
        }).get("ca");
        try {
            Path written = Files.createDirectories(data.resolve("tls")).resolve(name.replaceAll("[^A-Za-z0-9_-]", "_") + ".pem");
            Files.writeString(written, String.valueOf(pem));
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("certificate '" + name + "': cannot write its PEM file: " + e.getMessage(), e);
        }
    }
}
