package io.ductus.launcher;

import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.LoadedCertificate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.ExtensionsGenerator;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Certificates for the engine's listeners and connections, made and judged without an engine: a self-signed pair
 * (tests, a first setup), a key with a certificate signing request for the hospital's CA, and a file or pair shown
 * with the checks the engine's start makes. Keys are written 0600 and never over an existing file. BouncyCastle
 * builds certificates and requests (the JDK has no public API for either).
 */
@Command(name = "cert", mixinStandardHelpOptions = true,
        description = "Make and check certificates: self-signed pairs, keys with signing requests, and what a file holds.",
        subcommands = {CertCommand.SelfSigned.class, CertCommand.Request.class, CertCommand.Show.class})
final class CertCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.BAD_ARGUMENTS;
    }

    /** What a new key and its names are. */
    static final class Subject {
        @Option(names = "--subject", paramLabel = "DN", description = "The subject, such as \"CN=lab.example.org,O=Example Hospital\""
                + " (default: CN= the first --dns name).")
        String subject;

        @Option(names = "--dns", paramLabel = "NAME", split = ",", description = "DNS names (and IP addresses) the certificate is for,"
                + " comma-separated.")
        List<String> names = new ArrayList<>();

        @Option(names = "--key-type", paramLabel = "TYPE", description = "ec (P-256, the default) or rsa (2048 bits).")
        String keyType = "ec";

        @Option(names = "--out", paramLabel = "PATH", required = true, description = "Where to write: PATH.key and PATH.crt (or"
                + " PATH.csr).")
        Path out;

        X500Name name() {
            if (subject != null) return new X500Name(subject);
            if (names.isEmpty()) throw new BadArgumentException("--subject or --dns: the certificate needs a name");
            return new X500Name("CN=" + names.getFirst());
        }

        KeyPair keys() throws Exception {
            return switch (keyType) {
                case "ec" -> {
                    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
                    g.initialize(new ECGenParameterSpec("secp256r1"));
                    yield g.generateKeyPair();
                }
                case "rsa" -> {
                    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
                    g.initialize(2048);
                    yield g.generateKeyPair();
                }
                default -> throw new BadArgumentException("--key-type: ec or rsa, got '" + keyType + "'");
            };
        }

        String algorithm(KeyPair keys) {
            return keys.getPrivate().getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
        }

        GeneralNames alternativeNames() {
            return new GeneralNames(names.stream().map(n -> n.matches("[0-9.]+|.*:.*") ? new GeneralName(GeneralName.iPAddress, n)
                    : new GeneralName(GeneralName.dNSName, n)).toArray(GeneralName[]::new));
        }

        Path file(String extension) {
            return out.resolveSibling(out.getFileName() + extension);
        }

        /** Refuses before writing anything when one of the files is there already. */
        void refuseExisting(String... extensions) {
            for (String e : extensions) {
                if (Files.exists(file(e))) throw new BadArgumentException("--out: " + file(e) + " is already there; nothing is written over it");
            }
        }
    }

    @Command(name = "self-signed", mixinStandardHelpOptions = true,
            description = "Make a key and a self-signed certificate (for tests and a first setup; partners will not trust it).")
    static final class SelfSigned implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Subject subject = new Subject();

        @Option(names = "--days", paramLabel = "N", description = "How long it is valid (default: 365).")
        int days = 365;

        @Override
        public Integer call() throws Exception {
            if (days < 1) throw new BadArgumentException("--days: at least 1");
            subject.refuseExisting(".key", ".crt");
            KeyPair keys = subject.keys();
            Instant now = Instant.now();
            X500Name name = subject.name();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, new BigInteger(64, new SecureRandom()),
                    Date.from(now.minus(Duration.ofMinutes(5))), Date.from(now.plus(Duration.ofDays(days))), name, keys.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                    KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
            if (!subject.names.isEmpty()) builder.addExtension(Extension.subjectAlternativeName, false, subject.alternativeNames());
            ContentSigner signer = new JcaContentSignerBuilder(subject.algorithm(keys)).build(keys.getPrivate());
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(builder.build(signer));
            writeKey(subject.file(".key"), keys);
            writeNew(subject.file(".crt"), pem(certificate), false);
            PrintWriter out = spec.commandLine().getOut();
            out.println("wrote " + subject.file(".key") + " (0600) and " + subject.file(".crt") + ": " + certificate.getSubjectX500Principal()
                    .getName() + ", valid until " + certificate.getNotAfter().toInstant());
            out.println("name it in resources.yaml: certificates: { NAME: { cert_file: " + subject.file(".crt").getFileName()
                    + ", key_file: " + subject.file(".key").getFileName() + " } } (paths relative to the project)");
            return ExitCodes.OK;
        }
    }

    @Command(name = "request", mixinStandardHelpOptions = true,
            description = "Make a key and a certificate signing request (PKCS#10, server and client authentication) for a CA.")
    static final class Request implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Subject subject = new Subject();

        @Override
        public Integer call() throws Exception {
            subject.refuseExisting(".key", ".csr");
            KeyPair keys = subject.keys();
            JcaPKCS10CertificationRequestBuilder builder = new JcaPKCS10CertificationRequestBuilder(subject.name(), keys.getPublic());
            ExtensionsGenerator extensions = new ExtensionsGenerator();
            extensions.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            extensions.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                    KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
            if (!subject.names.isEmpty()) extensions.addExtension(Extension.subjectAlternativeName, false, subject.alternativeNames());
            builder.addAttribute(PKCSObjectIdentifiers.pkcs_9_at_extensionRequest, extensions.generate());
            PKCS10CertificationRequest request = builder.build(new JcaContentSignerBuilder(subject.algorithm(keys)).build(keys.getPrivate()));
            writeKey(subject.file(".key"), keys);
            writeNew(subject.file(".csr"), pem(request), false);
            PrintWriter out = spec.commandLine().getOut();
            out.println("wrote " + subject.file(".key") + " (0600) and " + subject.file(".csr") + " for " + subject.name());
            out.println("send the .csr to your CA; put what it returns (the certificate, then its intermediates) in "
                    + subject.file(".crt").getFileName() + " beside the key");
            return ExitCodes.OK;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Show a PEM file's certificates (names, issuer, expiry) and judge it as the engine does (chain order, key"
                    + " match, expiry).")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "A PEM file with a certificate chain (leaf first) or CA certificates.")
        Path file;

        @Option(names = "--key", paramLabel = "FILE", description = "The pair's key, to check it belongs to the first certificate.")
        Path key;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(file);
            } catch (IOException e) {
                throw new BadArgumentException("FILE: cannot read " + file + ": " + e.getMessage());
            }
            Collection<? extends java.security.cert.Certificate> chain;
            try {
                chain = CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(bytes));
            } catch (java.security.cert.CertificateException e) {
                throw new BadArgumentException("FILE: " + file + " is not PEM certificates: " + e.getMessage());
            }
            Instant now = Instant.now();
            int i = 0;
            for (java.security.cert.Certificate c : chain) {
                X509Certificate x = (X509Certificate) c;
                long days = Duration.between(now, x.getNotAfter().toInstant()).toDays();
                out.println((++i) + ". " + x.getSubjectX500Principal().getName());
                out.println("   issuer:  " + x.getIssuerX500Principal().getName() + (x.getBasicConstraints() >= 0 ? " (a CA)" : ""));
                names(x).ifPresent(n -> out.println("   names:   " + n));
                out.println("   valid:   " + x.getNotBefore().toInstant() + " to " + x.getNotAfter().toInstant()
                        + (days < 0 ? " (EXPIRED)" : days < Certificates.WARN_AHEAD.toDays() ? " (expires in " + days + " days: renew it)"
                        : " (" + days + " days left)"));
            }
            CertificateEntry entry = key == null ? CertificateEntry.caFile(file.getFileName().toString(), file)
                    : CertificateEntry.pairFiles(file.getFileName().toString(), file, key);
            List<String> problems = Certificates.check(List.of(entry), now);
            if (problems.isEmpty()) {
                out.println(key == null ? "readable, none expired" : "the key belongs to the first certificate; chain in order; none expired");
                return ExitCodes.OK;
            }
            problems.forEach(p -> out.println("problem: " + p));
            return ExitCodes.FAILED;
        }

        private static Optional<String> names(X509Certificate x) throws java.security.cert.CertificateParsingException {
            Collection<List<?>> all = x.getSubjectAlternativeNames();
            if (all == null || all.isEmpty()) return Optional.empty();
            return Optional.of(String.join(", ", all.stream().map(n -> String.valueOf(n.get(1))).toList()));
        }
    }

    private static void writeKey(Path file, KeyPair keys) throws IOException {
        writeNew(file, pem(new JcaPKCS8Generator(keys.getPrivate(), null).generate()), true);
    }

    /** Never over an existing file; a key only its owner can read. */
    private static void writeNew(Path file, String text, boolean secret) throws IOException {
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        try {
            if (secret) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(file, text, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
            } else {
                Files.writeString(file, text, StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            }
        } catch (FileAlreadyExistsException e) {
            throw new BadArgumentException("--out: " + file + " is already there; nothing is written over it");
        }
    }

    private static String pem(Object o) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(o);
        }
        return text.toString();
    }
}
