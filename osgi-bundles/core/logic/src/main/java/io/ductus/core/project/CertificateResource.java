package io.ductus.core.project;

import java.util.Objects;
import java.util.Optional;

/**
 * A named certificate from resources.yaml: a pair (a certificate chain, leaf first, and its private key), each
 * from a file relative to the project or from PEM text (usually {@code ${secret:NAME}}), or a CA alone (the
 * certificates a listener or a connection trusts). Listeners and connections name it; the engine loads and checks
 * it before anything starts.
 *
 * @param name     the name settings use ({@code tls: lab-listener})
 * @param certFile the chain's file, as written (relative to the project folder)
 * @param cert     the chain as PEM text, as written (plain or a {@code ${secret:NAME}})
 * @param keyFile  the private key's file
 * @param key      the private key as PEM text
 * @param caFile   a CA's certificates' file
 * @param ca       a CA's certificates as PEM text
 */
public record CertificateResource(String name, Optional<String> certFile, Optional<String> cert, Optional<String> keyFile,
                                  Optional<String> key, Optional<String> caFile, Optional<String> ca) {

    /** What an entry is: a pair a listener presents (or a client certificate), or CA certificates to trust. */
    public enum Kind { PAIR, CA }

    public CertificateResource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(certFile, "certFile");
        Objects.requireNonNull(cert, "cert");
        Objects.requireNonNull(keyFile, "keyFile");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(caFile, "caFile");
        Objects.requireNonNull(ca, "ca");
    }

    public Kind kind() {
        return certFile.isPresent() || cert.isPresent() ? Kind.PAIR : Kind.CA;
    }
}
