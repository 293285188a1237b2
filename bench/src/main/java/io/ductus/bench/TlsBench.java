package io.ductus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * What TLS costs strict MLLP ingest: one engine (a child process, SQLite, strict) with two interfaces that differ only
 * in {@code tls:} (an ECDSA P-256 pair its CA issued), each sender waiting for its ACK; 1 and 16 connections, plain
 * and TLS in alternating slices of the same run (the machine's speed drifts), medians per kind; then full TLS
 * handshakes (fresh client contexts, no resumption) timed from the TCP connect to the handshake's end.
 */
final class TlsBench implements BenchMain.Scenario {

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path work = Files.createTempDirectory(root.resolve("bench/target"), "tls");
        KeyPair caKeys = keys();
        X509Certificate ca = certificate("CN=Bench CA", caKeys, "CN=Bench CA", caKeys, true);
        KeyPair serverKeys = keys();
        X509Certificate server = certificate("CN=localhost", serverKeys, "CN=Bench CA", caKeys, false);
        Path project = work.resolve("project");
        Files.createDirectories(project.resolve("certs"));
        Files.writeString(project.resolve("certs/server.crt"), pem(server) + pem(ca));
        Files.writeString(project.resolve("certs/server.key"), pem(new JcaPKCS8Generator(serverKeys.getPrivate(), null).generate()));
        Files.writeString(project.resolve("resources.yaml"), "certificates:\n  server: { cert_file: certs/server.crt, key_file: certs/server.key }\n");
        int plainPort = MllpIngestBench.freePort();
        int tlsPort = MllpIngestBench.freePort();
        writeInterface(project, "plain", plainPort, "");
        writeInterface(project, "secure", tlsPort, ", tls: server");
        SSLContext client = trusting(ca);

        int rounds = quick ? 2 : 4;
        double warm = quick ? 1.5 : 3;
        double measure = quick ? 2 : 5;
        List<Double> plain1 = new ArrayList<>(), tls1 = new ArrayList<>(), plain16 = new ArrayList<>(), tls16 = new ArrayList<>();
        double handshakeP50;
        double handshakeP90;
        Process engine = start(root, work, project);
        try {
            awaitPort(plainPort);
            awaitPort(tlsPort);
            // The first slices warm the JIT for both paths; not counted.
            double firstWarm = quick ? 5 : 10;
            closedLoop(plainPort, null, 16, firstWarm, 0.5);
            closedLoop(tlsPort, client, 16, firstWarm, 0.5);
            closedLoop(tlsPort, client, 1, firstWarm / 2, 0.5);
            for (int r = 1; r <= rounds; r++) {
                plain1.add(report("plain", 1, r, closedLoop(plainPort, null, 1, warm, measure)));
                tls1.add(report("tls", 1, r, closedLoop(tlsPort, client, 1, warm, measure)));
                plain16.add(report("plain", 16, r, closedLoop(plainPort, null, 16, warm, measure)));
                tls16.add(report("tls", 16, r, closedLoop(tlsPort, client, 16, warm, measure)));
            }
            double[] handshakes = handshakes(tlsPort, ca, quick ? 100 : 300);
            handshakeP50 = percentile(handshakes, 0.5);
            handshakeP90 = percentile(handshakes, 0.9);
            System.out.printf("TLS handshakes (full, TLS 1.3, ECDSA P-256, fresh client context each): p50 %.2f ms, p90 %.2f ms over %d%n",
                    handshakeP50, handshakeP90, handshakes.length);
        } finally {
            engine.destroy();
            if (!engine.waitFor(30, TimeUnit.SECONDS)) engine.destroyForcibly();
        }
        double c1 = median(tls1) / median(plain1);
        double c16 = median(tls16) / median(plain16);
        System.out.printf("medians: plain c1 %.0f/s, tls c1 %.0f/s, plain c16 %.0f/s, tls c16 %.0f/s%n",
                median(plain1), median(tls1), median(plain16), median(tls16));
        System.out.printf("RESULT tls tls_over_plain_c1=%.2f tls_over_plain_c16=%.2f handshake_p50_ms=%.2f handshake_p90_ms=%.2f"
                        + " plain_c1=%.0f tls_c1=%.0f plain_c16=%.0f tls_c16=%.0f rounds=%d%n",
                c1, c16, handshakeP50, handshakeP90, median(plain1), median(tls1), median(plain16), median(tls16), rounds);
    }

    private static double report(String kind, int connections, int round, double rate) {
        System.out.printf("round %d, %s, %d connection(s): %.0f messages acknowledged per second%n", round, kind, connections, rate);
        return rate;
    }

    /** {@code connections} senders each waiting for its ACK; AA per second over the measuring window. */
    private static double closedLoop(int port, SSLContext tls, int connections, double warmup, double measure) throws Exception {
        AtomicLong acked = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            int conn = c;
            threads.add(Thread.ofPlatform().start(() -> {
                try (MllpSender s = new MllpSender(port, null, 60_000, tls)) {
                    for (int i = 0; !stop.get(); i++) {
                        if (s.send(MllpIngestBench.message("T" + conn + "-" + System.nanoTime(), "K" + (i % 64)))) acked.incrementAndGet();
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        Thread.sleep((long) (warmup * 1000));
        long a0 = acked.get();
        long t0 = System.nanoTime();
        Thread.sleep((long) (measure * 1000));
        long a1 = acked.get();
        double seconds = (System.nanoTime() - t0) / 1e9;
        stop.set(true);
        for (Thread t : threads) t.join();
        return (a1 - a0) / seconds;
    }

    /** Full handshakes, one after another, each from a fresh client context (no session to resume). */
    private static double[] handshakes(int port, X509Certificate ca, int count) throws Exception {
        for (int i = 0; i < 300; i++) handshake(port, trusting(ca)); // warm-up: both JITs compile the handshake's code
        double[] ms = new double[count];
        for (int i = 0; i < count; i++) ms[i] = handshake(port, trusting(ca));
        return ms;
    }

    private static double handshake(int port, SSLContext context) throws IOException {
        long t0 = System.nanoTime();
        try (Socket plain = new Socket()) {
            plain.setTcpNoDelay(true);
            plain.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            try (SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(plain, "localhost", port, true)) {
                s.startHandshake();
                return (System.nanoTime() - t0) / 1e6;
            }
        }
    }

    private static Process start(Path root, Path work, Path project) throws Exception {
        Path stderr = work.resolve("stderr.log");
        ProcessBuilder pb = new ProcessBuilder(MllpIngestBench.distribution(root).resolve("bin/ductus").toString(), "serve",
                "--project", project.toString(), "--data", work.resolve("data").toString(), "--api-listen", "127.0.0.1:0",
                "--plugins", work.resolve("plugins").toString()).redirectError(stderr.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; ; ) {
            line = out.readLine();
            if (line == null) throw new IllegalStateException("ductus ended before starting:\n" + Files.readString(stderr));
            if (line.contains("ductus started in")) break;
        }
        Thread.ofPlatform().daemon(true).start(() -> {
            try {
                while (out.readLine() != null) {
                    // drained
                }
            } catch (IOException ignored) {
                // ended
            }
        });
        return p;
    }

    private static void awaitPort(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) throw new IllegalStateException("port " + port + " did not open");
                Thread.sleep(50);
            }
        }
    }

    private static void writeInterface(Path project, String name, int port, String tls) throws IOException {
        Path folder = project.resolve("interfaces/" + name);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("interface.yaml"), "source: { type: mllp, listen: 127.0.0.1:" + port + tls + " }\n"
                + "format: hl7\ndurability: strict\nordering: { key: PID-3.1, partitions: 8 }\n"
                + "destinations:\n  archive: { type: file, path: \"" + name + "/{MSH-10}.hl7\", fsync: false }\n");
    }

    private static SSLContext trusting(X509Certificate ca) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", ca);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext c = SSLContext.getInstance("TLS");
        c.init(null, tmf.getTrustManagers(), null);
        return c;
    }

    private static KeyPair keys() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static X509Certificate certificate(String subject, KeyPair keys, String issuer, KeyPair issuerKeys, boolean isCa)
            throws Exception {
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(new X500Name(issuer), BigInteger.valueOf(System.nanoTime()),
                Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(Duration.ofDays(30 + 365))), new X500Name(subject),
                keys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
        if (!isCa) b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName(GeneralName.dNSName, "localhost")));
        return new JcaX509CertificateConverter().getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
    }

    private static String pem(Object o) throws IOException {
        StringWriter w = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(w)) {
            writer.writeObject(o);
        }
        return w.toString();
    }

    private static double median(List<Double> values) {
        double[] a = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    private static double percentile(double[] values, double p) {
        double[] a = values.clone();
        Arrays.sort(a);
        return a[Math.min(a.length - 1, (int) Math.floor(p * (a.length - 1)))];
    }
}
