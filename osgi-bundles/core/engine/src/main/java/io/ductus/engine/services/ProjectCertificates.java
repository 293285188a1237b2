package io.ductus.engine.services;

import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.core.project.CertificateResource;
import io.ductus.core.project.Resources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** resources.yaml's certificates as the listener bundle loads them: paths resolved against the project, secrets put in. */
public final class ProjectCertificates {

    private ProjectCertificates() {
    }

    /**
     * @param secrets puts the value of every {@code ${secret:NAME}} into a text
     * @throws IllegalArgumentException naming the entry, when a secret it names cannot be read
     */
    public static List<CertificateEntry> entries(Resources resources, Path projectFolder, UnaryOperator<String> secrets) {
        List<CertificateEntry> all = new ArrayList<>();
        for (CertificateResource r : resources.certificates().values()) {
            try {
                boolean pair = r.kind() == CertificateResource.Kind.PAIR;
                Optional<Path> certFile = (pair ? r.certFile() : r.caFile()).map(projectFolder::resolve);
                Optional<String> certText = (pair ? r.cert() : r.ca()).map(secrets);
                all.add(new CertificateEntry(r.name(), pair, certFile, certText, r.keyFile().map(projectFolder::resolve),
                        r.key().map(secrets)));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("certificate '" + r.name() + "': " + e.getMessage(), e);
            }
        }
        return all;
    }

    /** Secrets put in through a project's services. */
    public static UnaryOperator<String> secretsOf(EngineServices services) {
        return text -> {
            Map<String, Object> one = new HashMap<>();
            one.put("value", text);
            return String.valueOf(services.withSecrets(one).get("value"));
        };
    }
}
