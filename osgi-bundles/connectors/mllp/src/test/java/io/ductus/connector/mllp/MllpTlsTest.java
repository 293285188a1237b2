package io.ductus.connector.mllp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ca.uhn.hl7v2.DefaultHapiContext;
import ca.uhn.hl7v2.HapiContext;
import ca.uhn.hl7v2.app.Connection;
import ca.uhn.hl7v2.model.Message;
import ca.uhn.hl7v2.util.StandardSocketFactory;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.TestPki;
import io.ductus.connector.listener.tls.TlsTestBed;
import io.ductus.format.ack.Hl7Ack;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MLLP with TLS over real sockets: the listener's handshake with the JDK's client and HAPI's, client certificates
 * (missing, from another CA, of another subject), a renewal picked up without a restart, the allow list, and the
 * MLLP destination's TLS against a receiver with a good, misnamed, expired or unknown certificate.
 */
class MllpTlsTest {

    @TempDir
    Path dir;

    private final TlsTestBed bed = new TlsTestBed();
    private final TestPki.Issued ca = bed.ca;
    private final TestPki.Issued otherCa = TestPki.ca("Other CA");
    private final TestPki.Issued server = bed.server;
    private final ListenerLimits limits = bed.limits;
    private final Certificates certificates = bed.certificates;
    private final List<TestConnectorContext> contexts = new ArrayList<>();
    private MllpConnectorFactory factory;
    private TestConnectorContext context;
    private Path[] serverFiles;

    @BeforeEach
    void setUp() throws Exception {
        serverFiles = server.write(dir, "server");
        Path caFile = dir.resolve("ca.pem");
        java.nio.file.Files.writeString(caFile, ca.chainPem());
        bed.install(List.of(CertificateEntry.pairFiles("server", serverFiles[0], serverFiles[1]),
                CertificateEntry.caFile("hospital-ca", caFile)));
        factory = new MllpConnectorFactory(limits, certificates);
        context = new TestConnectorContext("adt", "source", Clock.systemUTC(), dir);
    }

    @AfterEach
    void tearDown() throws Exception {
        bed.close();
        factory.release();
        for (TestConnectorContext c : contexts) c.close();
        context.close();
    }

    @Test
    void aTlsListenerAcknowledgesHapisMllpClientOverTls() throws Exception {
        int port = listen(Map.of("tls", "server"));
        try (HapiContext hapi = new DefaultHapiContext()) {
            SSLContext trusting = context(Optional.empty(), ca);
            hapi.setSocketFactory(new StandardSocketFactory() {
                @Override
                public Socket createTlsSocket() throws IOException {
                    return trusting.getSocketFactory().createSocket();
                }
            });
            Connection connection = hapi.newClient("localhost", port, true);
            Message ack = connection.getInitiator().sendAndReceive(hapi.getPipeParser().parse(new String(message("T1"),
                    StandardCharsets.UTF_8)));
            assertThat(ack.encode()).contains("MSA|AA|T1");
            connection.close();
        }
    }

    @Test
    void aClientThatDoesNotTrustTheListenersCaIsRefusedAndLoggedWithAReason() throws Exception {
        int port = listen(Map.of("tls", "server"));
        assertThatThrownBy(() -> exchange(port, context(Optional.empty(), otherCa))).isInstanceOf(javax.net.ssl.SSLException.class);
        awaitLog("(tls_handshake): the peer refused our certificate (alert certificate_unknown)");
        assertThat(limits.refusals().count("adt", "tls_handshake")).isEqualTo(1);
    }

    @Test
    void silentConnectionsNeitherHoldUpOthersNorStayPastTheHandshakeTimeout() throws Exception {
        int port = listen(Map.of("tls", "server"));
        List<Socket> silent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Socket s = new Socket("127.0.0.1", port); // connects, never says hello
            s.setSoTimeout(20_000);
            silent.add(s);
        }
        long t0 = System.nanoTime();
        assertThat(exchange(port, context(Optional.empty(), ca))).isEqualTo("AA");
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("served beside 20 silent handshakes").isLessThan(Duration.ofSeconds(5));
        for (Socket s : silent) {
            try (s) {
                assertThat(s.getInputStream().read()).as("closed by the listener").isEqualTo(-1);
            }
        }
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(io.ductus.connector.listener.tls.ServerTls.HANDSHAKE_TIMEOUT
                .plusSeconds(5));
        awaitLog("the TLS handshake did not finish in time");
    }

    @Test
    void plainTextToATlsPortIsRefusedUnread() throws Exception {
        int port = listen(Map.of("tls", "server"));
        assertThat(MllpTestPeer.sendAndReceive("127.0.0.1", port, message("P1"), 5_000)).isNull();
        awaitLog("not TLS");
    }

    @Test
    void clientCertificatesFromTheNamedCaAndMatchingASubjectAreRequired() throws Exception {
        Map<String, Object> settings = Map.of("tls", "server", "tls_client_ca", "hospital-ca",
                "tls_client_subjects", "CN=lab-gw-*, O=Example Lab");
        int port = listen(settings);
        TestPki.Issued lab = TestPki.issue(ca, "CN=lab-gw-01,O=Example Lab");
        assertThat(exchange(port, context(Optional.of(lab), ca))).isEqualTo("AA");

        assertThat(refusedExchange(port, context(Optional.empty(), ca))).isTrue();
        awaitLog("no client certificate given");
        assertThat(refusedExchange(port, context(Optional.of(TestPki.issue(otherCa, "CN=lab-gw-02,O=Example Lab")), ca))).isTrue();
        assertThat(limits.refusals().count("adt", "tls_client_certificate")).as("counted, though logged once a minute").isEqualTo(2);

        // Each listener (interface) logs its own refusals once a minute per sender: fresh ones show the other reasons.
        context = new TestConnectorContext("lab2", "source", Clock.systemUTC(), dir);
        int second = listen(settings);
        assertThat(refusedExchange(second, context(Optional.of(TestPki.issue(otherCa, "CN=lab-gw-02,O=Example Lab")), ca))).isTrue();
        awaitLog("client certificate not issued by CA 'hospital-ca'");
        context = new TestConnectorContext("lab3", "source", Clock.systemUTC(), dir);
        int third = listen(settings);
        assertThat(refusedExchange(third, context(Optional.of(TestPki.issue(ca, "CN=pharmacy,O=Example Pharmacy")), ca))).isTrue();
        awaitLog("matches none of CN=lab-gw-*, O=Example Lab");
        assertThat(stored()).isEqualTo(1);
    }

    @Test
    void aRenewedPairOnDiskIsPresentedToNewConnectionsWithoutARestart() throws Exception {
        int port = listen(Map.of("tls", "server"));
        assertThat(presented(port)).isEqualTo(server.certificate());
        TestPki.Issued renewed = TestPki.issue(ca, "CN=localhost", "localhost");
        renewed.write(dir, "server");
        certificates.checkFiles(); // what the minute's check does
        assertThat(presented(port)).isEqualTo(renewed.certificate());
    }

    @Test
    void aConnectionFromOutsideTheAllowListIsDroppedUnreadAndCounted() throws Exception {
        int refused = listen(Map.of("allow", "10.99.0.0/16, 192.0.2.7"));
        assertThat(MllpTestPeer.sendAndReceive("127.0.0.1", refused, message("A1"), 5_000)).isNull();
        awaitLog("(allow)");
        assertThat(limits.refusals().count("adt", "allow")).isEqualTo(1);
        int allowed = listen(Map.of("allow", "127.0.0.0/8"));
        assertThat(Hl7Ack.read(MllpTestPeer.sendAndReceive("127.0.0.1", allowed, message("A2"), 5_000)).code().name()).isEqualTo("AA");
        assertThat(stored()).isEqualTo(1);
    }

    @Test
    void theDestinationSendsOverTlsToAListenerItsCaIssued() throws Exception {
        int port = listen(Map.of("tls", "server"));
        Destination lab = destination("localhost", port, Map.of("tls_ca", "hospital-ca"));
        assertThat(send(lab).kind()).isEqualTo(Outcome.Kind.SENT);
        lab.stop().toCompletableFuture().get();
    }

    @Test
    void aRefusedHandshakeIsARetryWhoseTextSaysWhy() throws Exception {
        // A receiver whose certificate is for another name, one from an unknown CA, one expired.
        TestPki.Issued misnamed = TestPki.issue(ca, "CN=lab.example.org", "lab.example.org");
        assertThat(outcomeAgainst(misnamed, Map.of("tls_ca", "hospital-ca"))).satisfies(o -> {
            assertThat(o.kind()).isEqualTo(Outcome.Kind.RETRY);
            assertThat(o.detail()).contains("name mismatch");
        });
        assertThat(outcomeAgainst(TestPki.issue(otherCa, "CN=localhost", "localhost"), Map.of("tls_ca", "hospital-ca")).detail())
                .contains("unknown CA");
        TestPki.Issued expired = TestPki.issue(ca, "CN=localhost", Instant.now().minus(Duration.ofDays(40)),
                Instant.now().minus(Duration.ofDays(2)), "localhost");
        assertThat(outcomeAgainst(expired, Map.of("tls_ca", "hospital-ca")).detail()).contains("certificate expired");
        assertThat(outcomeAgainst(TestPki.issue(ca, "CN=localhost", "localhost"), Map.of("tls", true)).detail())
                .as("the system's roots alone do not know the hospital's CA").contains("unknown CA");
    }

    // --- helpers

    private int listen(Map<String, Object> more) throws Exception {
        contexts.add(context);
        return bed.listen(factory, MllpConnectorFactory.TYPE.sourceSchema(), more, context, intake);
    }

    private final InMemoryIntake intake = new InMemoryIntake();

    private int stored() {
        return intake.stored().size();
    }

    private Destination destination(String host, int port, Map<String, Object> more) {
        Map<String, Object> settings = new HashMap<>(more);
        settings.put("connect", host + ":" + port);
        settings.put("ack_timeout", "5s");
        settings.put("connect_timeout", "5s");
        return factory.createDestination(ConnectorConfig.of(MllpConnectorFactory.TYPE.destinationSchema(), settings),
                new TestConnectorContext("adt", "lab", Clock.systemUTC(), dir));
    }

    /** The destination's outcome against a bare JDK TLS receiver presenting {@code pair}. */
    private Outcome outcomeAgainst(TestPki.Issued pair, Map<String, Object> settings) throws Exception {
        SSLContext serverContext = context(Optional.of(pair), ca);
        try (SSLServerSocket receiver = (SSLServerSocket) serverContext.getServerSocketFactory().createServerSocket(0)) {
            Thread accept = Thread.ofVirtual().start(() -> {
                try (SSLSocket s = (SSLSocket) receiver.accept()) {
                    s.startHandshake();
                } catch (IOException e) {
                    // the client refused us: what the test is about
                }
            });
            Destination lab = destination("localhost", receiver.getLocalPort(), settings);
            Outcome outcome = send(lab);
            lab.stop().toCompletableFuture().get();
            accept.join(10_000);
            return outcome;
        }
    }

    private static Outcome send(Destination destination) throws InterruptedException {
        return TlsTestBed.send(destination, "adt", message("D1"));
    }

    /** A JDK TLS context with the pair as its certificate (if any, offered whatever CAs the server names) trusting {@code trusted}. */
    private static SSLContext context(Optional<TestPki.Issued> pair, TestPki.Issued trusted) {
        return TestPki.context(trusted, pair.orElse(null), true);
    }

    /** One message over TLS: the ACK's code. */
    private static String exchange(int port, SSLContext client) throws IOException {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message("X1")));
            socket.getOutputStream().flush();
            byte[] ack = MllpTestPeer.readFrame(socket.getInputStream());
            if (ack == null) throw new IOException("closed without an answer");
            return Hl7Ack.read(ack).code().name();
        } catch (io.ductus.format.hl7.Hl7ParseException e) {
            throw new IOException(e);
        }
    }

    /** Whether the listener refused the exchange (TLS 1.3 refuses a client certificate after the client's handshake ends). */
    private static boolean refusedExchange(int port, SSLContext client) {
        try {
            exchange(port, client);
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static X509Certificate presented(int port) throws Exception {
        {
            SSLContext trustAll = SSLContext.getInstance("TLS");
            trustAll.init(null, new javax.net.ssl.TrustManager[] {new javax.net.ssl.X509TrustManager() {
                public void checkClientTrusted(X509Certificate[] chain, String auth) { }
                public void checkServerTrusted(X509Certificate[] chain, String auth) { }
                public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
            }}, null);
            try (SSLSocket s = (SSLSocket) trustAll.getSocketFactory().createSocket("localhost", port)) {
                s.startHandshake();
                return (X509Certificate) s.getSession().getPeerCertificates()[0];
            }
        }
    }

    private void awaitLog(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (context.logLines().stream().anyMatch(l -> l.contains(text))) return;
            Thread.sleep(20);
        }
        assertThat(context.logLines()).as("a log line with '%s'", text).anyMatch(l -> l.contains(text));
    }

    private static byte[] message(String controlId) {
        return ("MSH|^~\\&|LAB|FAC|DUCTUS|FAC|20261201120000||ADT^A01^ADT_A01|" + controlId + "|P|2.5\r"
                + "PID|1||1000^^^MRN||DOE^JANE\r").getBytes(StandardCharsets.UTF_8);
    }
}
