package io.ductus.connector.listener.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * A certificate entry read and checked: the chain (leaf first) and, for a pair, its key. {@link #load} refuses a
 * pair whose key is not the leaf's, a certificate that is expired or not yet valid, and a chain out of order (each
 * certificate must be issued, and signed, by the next), with a reason that names the entry.
 *
 * @param hash SHA-256 of what it was read from, so a renewal on disk is noticed (sizes and times are no guide)
 */
public record LoadedCertificate(CertificateEntry entry, List<X509Certificate> chain, PrivateKey key, String hash) {

    public LoadedCertificate {
        chain = List.copyOf(chain);
    }

    /** The leaf (a pair's) or the first CA certificate. */
    public X509Certificate leaf() {
        return chain.getFirst();
    }

    /** When the first certificate of the chain to expire expires. */
    public Instant notAfter() {
        return chain.stream().map(c -> c.getNotAfter().toInstant()).min(Instant::compareTo).orElseThrow();
    }

    /** The hash of what an entry is read from now (files read again; text as it is). */
    static String hashOf(CertificateEntry entry) throws IOException {
        return hash(bytes(entry, true), entry.pair() ? bytes(entry, false) : new byte[0]);
    }

    /**
     * Reads and checks an entry.
     *
     * @param now what "expired" is judged against
     * @throws IllegalArgumentException with the entry's name and the reason
     */
    public static LoadedCertificate load(CertificateEntry entry, Instant now) {
        String where = "certificate '" + entry.name() + "'";
        try {
            byte[] certBytes = bytes(entry, true);
            byte[] keyBytes = entry.pair() ? bytes(entry, false) : new byte[0];
            List<X509Certificate> chain;
            try {
                chain = Pem.certificates(certBytes);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + source(entry, true) + ": " + e.getMessage(), e);
            }
            for (X509Certificate c : chain) {
                if (now.isAfter(c.getNotAfter().toInstant())) {
                    throw new IllegalArgumentException(where + ": " + describe(c) + " expired on " + c.getNotAfter().toInstant());
                }
                if (now.isBefore(c.getNotBefore().toInstant())) {
                    throw new IllegalArgumentException(where + ": " + describe(c) + " is not valid before " + c.getNotBefore().toInstant());
                }
            }
            PrivateKey key = null;
            if (entry.pair()) {
                try {
                    key = Pem.privateKey(keyBytes);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + ": " + source(entry, false) + ": " + e.getMessage(), e);
                }
                if (!matches(key, chain.getFirst().getPublicKey())) {
                    throw new IllegalArgumentException(where + ": the key does not belong to the certificate (" + describe(chain.getFirst())
                            + "); the chain must start with the key's own certificate");
                }
                checkOrder(where, chain);
            }
            return new LoadedCertificate(entry, chain, key, hash(certBytes, keyBytes));
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ": cannot read " + e.getMessage(), e);
        }
    }

    /** Each certificate issued and signed by the next: the order TLS sends them in. */
    private static void checkOrder(String where, List<X509Certificate> chain) {
        for (int i = 0; i + 1 < chain.size(); i++) {
            X509Certificate c = chain.get(i);
            X509Certificate issuer = chain.get(i + 1);
            boolean named = c.getIssuerX500Principal().equals(issuer.getSubjectX500Principal());
            boolean signed = named && verifies(c, issuer.getPublicKey());
            if (!signed) {
                throw new IllegalArgumentException(where + ": the chain is out of order: certificate " + (i + 1) + " (" + describe(c)
                        + ") is not issued by certificate " + (i + 2) + " (" + describe(issuer) + "); write the leaf first, then"
                        + " each issuer");
            }
        }
    }

    private static boolean verifies(X509Certificate c, PublicKey by) {
        try {
            c.verify(by);
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** Whether a private key is the public key's: a signature made with one verifies with the other. */
    static boolean matches(PrivateKey key, PublicKey publicKey) {
        if (!key.getAlgorithm().equals(publicKey.getAlgorithm())) return false;
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "RSASSA-PSS" -> "RSASSA-PSS";
            default -> key.getAlgorithm(); // Ed25519, Ed448, EdDSA
        };
        try {
            byte[] probe = "ductus key check".getBytes(StandardCharsets.US_ASCII);
            Signature sign = Signature.getInstance(algorithm);
            if (algorithm.equals("RSASSA-PSS")) {
                sign.setParameter(new java.security.spec.PSSParameterSpec("SHA-256", "MGF1",
                        java.security.spec.MGF1ParameterSpec.SHA256, 32, 1));
            }
            sign.initSign(key);
            sign.update(probe);
            byte[] signature = sign.sign();
            Signature verify = Signature.getInstance(algorithm);
            if (algorithm.equals("RSASSA-PSS")) verify.setParameter(sign.getParameters().getParameterSpec(java.security.spec.PSSParameterSpec.class));
            verify.initVerify(publicKey);
            verify.update(probe);
            return verify.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** A certificate in a line: its subject. */
    public static String describe(X509Certificate c) {
        return c.getSubjectX500Principal().getName();
    }

    private static String source(CertificateEntry entry, boolean cert) {
        if (cert) return entry.certFile().map(p -> p.toString()).orElse(entry.pair() ? "cert" : "ca");
        return entry.keyFile().map(p -> p.toString()).orElse("key");
    }

    private static byte[] bytes(CertificateEntry entry, boolean cert) throws IOException {
        if (cert) {
            return entry.certFile().isPresent() ? Files.readAllBytes(entry.certFile().get())
                    : entry.certText().orElseThrow().getBytes(StandardCharsets.US_ASCII);
        }
        return entry.keyFile().isPresent() ? Files.readAllBytes(entry.keyFile().get())
                : entry.keyText().orElseThrow().getBytes(StandardCharsets.US_ASCII);
    }

    private static String hash(byte[] a, byte[] b) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(a);
            digest.update((byte) 0);
            digest.update(b);
            return HexFormat.of().formatHex(digest.digest());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
