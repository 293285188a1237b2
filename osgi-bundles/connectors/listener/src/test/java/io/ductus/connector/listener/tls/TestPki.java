package io.ductus.connector.listener.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Certificates for tests: a CA and pairs it issues (valid, expired, for other names), written as PEM. */
public final class TestPki {

    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());

    /** A certificate and its key. */
    public record Issued(X509Certificate certificate, KeyPair keys, Issued issuer) {

        /** The chain's PEM, leaf first (a CA's own certificate alone). */
        public String chainPem() {
            return issuer == null || issuer == this ? pem(certificate) : pem(certificate) + pem(issuer.certificate);
        }

        public String keyPem() {
            return pem(pkcs8(keys.getPrivate()));
        }

        /** Writes {@code name.crt} and {@code name.key} into the folder. */
        public Path[] write(Path folder, String name) throws IOException {
            Path cert = folder.resolve(name + ".crt");
            Path key = folder.resolve(name + ".key");
            Files.writeString(cert, chainPem());
            Files.writeString(key, keyPem());
            return new Path[] {cert, key};
        }
    }

    private TestPki() {
    }

    /** A self-signed CA. */
    public static Issued ca(String cn) {
        KeyPair keys = keys();
        Instant now = Instant.now();
        return new Issued(build(new X500Name("CN=" + cn + ",O=Ductus Test"), keys, new X500Name("CN=" + cn + ",O=Ductus Test"),
                keys, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(365)), true, List.of()), keys, null);
    }

    /** A pair the CA issues for {@code subject} (such as CN=localhost), valid now for a year, with DNS names. */
    public static Issued issue(Issued ca, String subject, String... dnsNames) {
        Instant now = Instant.now();
        return issue(ca, subject, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(365)), dnsNames);
    }

    /** A pair valid from {@code notBefore} to {@code notAfter}. */
    public static Issued issue(Issued ca, String subject, Instant notBefore, Instant notAfter, String... dnsNames) {
        KeyPair keys = keys();
        X509Certificate c = build(new X500Name(subject), keys, X500Name.getInstance(ca.certificate().getSubjectX500Principal().getEncoded()),
                ca.keys(), notBefore, notAfter, false, List.of(dnsNames));
        return new Issued(c, keys, ca);
    }

    private static KeyPair keys() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static X509Certificate build(X500Name subject, KeyPair keys, X500Name issuer, KeyPair issuerKeys, Instant notBefore,
                                         Instant notAfter, boolean ca, List<String> dnsNames) {
        try {
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(SERIAL.incrementAndGet()),
                    Date.from(notBefore), Date.from(notAfter), subject, keys.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
            builder.addExtension(Extension.keyUsage, true, ca ? new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)
                    : new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            if (!dnsNames.isEmpty()) {
                builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(dnsNames.stream()
                        .map(n -> n.matches("[0-9.]+") ? new GeneralName(GeneralName.iPAddress, n) : new GeneralName(GeneralName.dNSName, n))
                        .toArray(GeneralName[]::new)));
            }
            return new JcaX509CertificateConverter().getCertificate(builder.build(
                    new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A client's (or server's) JDK TLS context that trusts {@code trusted} and shows {@code pair} when given (may be null). */
    public static javax.net.ssl.SSLContext context(Issued trusted, Issued pair) {
        return context(trusted, pair, false);
    }

    /**
     * The same; with {@code alwaysOffered}, the pair is offered whatever CAs the server names (as a misconfigured sender
     * would), so the server judges it.
     */
    public static javax.net.ssl.SSLContext context(Issued trusted, Issued pair, boolean alwaysOffered) {
        try {
            java.security.KeyStore trust = java.security.KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", trusted.certificate());
            javax.net.ssl.TrustManagerFactory tmf = javax.net.ssl.TrustManagerFactory.getInstance(
                    javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            javax.net.ssl.KeyManager[] keys = null;
            if (pair != null) {
                java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
                store.load(null, null);
                store.setKeyEntry("me", pair.keys().getPrivate(), new char[0], pair.issuer() == null
                        ? new X509Certificate[] {pair.certificate()} : new X509Certificate[] {pair.certificate(), pair.issuer().certificate()});
                javax.net.ssl.KeyManagerFactory kmf = javax.net.ssl.KeyManagerFactory.getInstance(
                        javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(store, new char[0]);
                keys = kmf.getKeyManagers();
                if (alwaysOffered) keys = new javax.net.ssl.KeyManager[] {alwaysOffered((javax.net.ssl.X509KeyManager) keys[0])};
            }
            javax.net.ssl.SSLContext c = javax.net.ssl.SSLContext.getInstance("TLS");
            c.init(keys, tmf.getTrustManagers(), null);
            return c;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static javax.net.ssl.X509KeyManager alwaysOffered(javax.net.ssl.X509KeyManager keys) {
        return new javax.net.ssl.X509ExtendedKeyManager() {
            public String[] getClientAliases(String type, java.security.Principal[] issuers) { return new String[] {"me"}; }
            public String chooseClientAlias(String[] type, java.security.Principal[] issuers, java.net.Socket s) { return "me"; }
            public String[] getServerAliases(String type, java.security.Principal[] issuers) { return new String[] {"me"}; }
            public String chooseServerAlias(String type, java.security.Principal[] issuers, java.net.Socket s) { return "me"; }
            public String chooseEngineServerAlias(String type, java.security.Principal[] issuers, javax.net.ssl.SSLEngine e) { return "me"; }
            public X509Certificate[] getCertificateChain(String alias) { return keys.getCertificateChain(alias); }
            public java.security.PrivateKey getPrivateKey(String alias) { return keys.getPrivateKey(alias); }
        };
    }

    private static Object pkcs8(java.security.PrivateKey key) {
        try {
            return new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(key, null).generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String pem(Object o) {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(o);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }
}
