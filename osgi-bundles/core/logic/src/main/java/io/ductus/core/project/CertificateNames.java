package io.ductus.core.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rules that tie certificate entries together: an entry of resources.yaml is a pair (one chain and one key,
 * each from a file or from text) or a CA alone; a setting that names one ({@code tls}, {@code tls_client_ca},
 * {@code tls_ca}, {@code tls_certificate} on sources, destinations and the API) names an entry that is there and of
 * the right kind.
 */
final class CertificateNames {

    /** Settings naming a pair the listener presents, or the client certificate a connection shows. */
    static final List<String> PAIR_SETTINGS = List.of("tls", "tls_certificate");
    /** Settings naming the CA a listener checks client certificates against, or a connection trusts. */
    static final List<String> CA_SETTINGS = List.of("tls_client_ca", "tls_ca");

    private CertificateNames() {
    }

    /** resources.yaml's certificates: each entry one pair or one CA. */
    static void check(MapNode root, FileProblems problems) {
        root.value("certificates").filter(MapNode.class::isInstance).map(MapNode.class::cast).ifPresent(map -> {
            for (MapNode.Entry entry : map.entries()) {
                if (!(entry.value() instanceof MapNode c)) continue;
                String field = "certificates." + entry.key();
                boolean certFile = c.value("cert_file").isPresent();
                boolean cert = c.value("cert").isPresent();
                boolean keyFile = c.value("key_file").isPresent();
                boolean key = c.value("key").isPresent();
                boolean ca = c.value("ca_file").isPresent() || c.value("ca").isPresent();
                if (certFile && cert) problems.add(c.position(), field, "cert_file and cert both given: a pair has one certificate chain");
                if (keyFile && key) problems.add(c.position(), field, "key_file and key both given: a pair has one key");
                if (c.value("ca_file").isPresent() && c.value("ca").isPresent()) {
                    problems.add(c.position(), field, "ca_file and ca both given: write one of them");
                }
                boolean pair = certFile || cert || keyFile || key;
                if (pair && ca) {
                    problems.add(c.position(), field, "a pair (cert_file/cert, key_file/key) or a CA alone (ca_file/ca), not both");
                } else if (pair && !(certFile || cert)) {
                    problems.add(c.position(), field, "a key without its certificate: add cert_file (or cert)");
                } else if (pair && !(keyFile || key)) {
                    problems.add(c.position(), field, "a certificate without its key: add key_file (or key)");
                } else if (!pair && !ca) {
                    problems.add(c.position(), field, "neither a pair (cert_file + key_file, or cert + key) nor a CA (ca_file or ca)");
                }
            }
        });
    }

    /** Why a connector's or the API's setting names no fitting entry, or empty when it does (or names none). */
    static Optional<String> unfit(String setting, Object value, Map<String, CertificateResource> certificates) {
        boolean pair = PAIR_SETTINGS.contains(setting);
        if (!pair && !CA_SETTINGS.contains(setting) || !(value instanceof String name)) return Optional.empty();
        CertificateResource entry = certificates.get(name);
        if (entry == null) {
            return Optional.of("no certificate '" + name + "' in " + ProjectShapes.RESOURCES_FILE + (certificates.isEmpty()
                    ? " (it has none)" : " (it has " + String.join(", ", certificates.keySet()) + ")"));
        }
        if (pair && entry.kind() != CertificateResource.Kind.PAIR) {
            return Optional.of("certificate '" + name + "' is a CA alone; " + setting + " needs a pair (cert_file + key_file)");
        }
        return Optional.empty();
    }

    /** Every setting of a map that names no fitting entry, as (setting, reason). */
    static List<Map.Entry<String, String>> unfit(Map<String, Object> settings, Map<String, CertificateResource> certificates) {
        List<Map.Entry<String, String>> found = new ArrayList<>();
        for (String key : List.of("tls", "tls_certificate", "tls_client_ca", "tls_ca")) {
            unfit(key, settings.get(key), certificates).ifPresent(reason -> found.add(Map.entry(key, reason)));
        }
        return found;
    }
}
