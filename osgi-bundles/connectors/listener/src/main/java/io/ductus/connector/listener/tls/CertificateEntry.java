package io.ductus.connector.listener.tls;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One named certificate as the engine hands it over, secrets already put in and paths resolved: a pair (a chain,
 * leaf first, and its private key) or a CA alone (its certificates in {@code certFile} or {@code certText}). Each part
 * comes from a file (checked every minute for a renewal) or from PEM text.
 */
public record CertificateEntry(String name, boolean pair, Optional<Path> certFile, Optional<String> certText,
                               Optional<Path> keyFile, Optional<String> keyText) {

    public CertificateEntry {
        Objects.requireNonNull(name, "name");
        if (certFile.isEmpty() && certText.isEmpty()) throw new IllegalArgumentException("certificate '" + name + "': no certificate");
        if (pair && keyFile.isEmpty() && keyText.isEmpty()) throw new IllegalArgumentException("certificate '" + name + "': no key");
    }

    /** A pair from two files. */
    public static CertificateEntry pairFiles(String name, Path cert, Path key) {
        return new CertificateEntry(name, true, Optional.of(cert), Optional.empty(), Optional.of(key), Optional.empty());
    }

    /** A pair from PEM text. */
    public static CertificateEntry pairText(String name, String cert, String key) {
        return new CertificateEntry(name, true, Optional.empty(), Optional.of(cert), Optional.empty(), Optional.of(key));
    }

    /** A CA from a file. */
    public static CertificateEntry caFile(String name, Path ca) {
        return new CertificateEntry(name, false, Optional.of(ca), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A CA from PEM text. */
    public static CertificateEntry caText(String name, String ca) {
        return new CertificateEntry(name, false, Optional.empty(), Optional.of(ca), Optional.empty(), Optional.empty());
    }

    /** Whether a part is read from a file, so a renewal can be picked up. */
    public boolean fromFiles() {
        return certFile.isPresent() || keyFile.isPresent();
    }
}
