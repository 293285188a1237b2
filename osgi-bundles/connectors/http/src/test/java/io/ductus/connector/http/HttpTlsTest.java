package io.ductus.connector.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.TestPki;
import io.ductus.connector.listener.tls.TlsTestBed;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP source over TLS with Java's HttpClient, client certificates, and the HTTP destination to an HTTPS receiver. */
class HttpTlsTest {

    @TempDir
    Path dir;

    private final TlsTestBed bed = new TlsTestBed();
    private final TestPki.Issued ca = bed.ca;
    private final ListenerLimits limits = bed.limits;
    private final InMemoryIntake intake = new InMemoryIntake();
    private HttpConnectorFactory factory;
    private TestConnectorContext context;

    @BeforeEach
    void setUp() {
        TestPki.Issued client = TestPki.issue(ca, "CN=ductus-client,O=Example Hospital");
        bed.install(List.of(CertificateEntry.pairText("server", bed.server.chainPem(), bed.server.keyPem()),
                CertificateEntry.caText("hospital-ca", ca.chainPem()),
                CertificateEntry.pairText("client", client.chainPem(), client.keyPem())));
        factory = new HttpConnectorFactory(limits, bed.certificates);
        context = new TestConnectorContext("orders", "source", Clock.systemUTC(), dir);
    }

    @AfterEach
    void tearDown() throws Exception {
        bed.close();
        factory.release();
        context.close();
    }

    @Test
    void theSourceTakesRequestsOverHttpsFromJavasHttpClient() throws Exception {
        int port = listen(Map.of("tls", "server"));
        HttpResponse<String> answer = HttpClient.newBuilder().sslContext(TestPki.context(ca, null)).build().send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + port + "/")).POST(HttpRequest.BodyPublishers.ofString("hello"))
                        .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(202);
        assertThat(answer.sslSession()).hasValueSatisfying(s -> assertThat(s.getProtocol()).isIn("TLSv1.3", "TLSv1.2"));
        assertThat(intake.stored()).hasSize(1);
    }

    @Test
    void aClientWithoutItsCertificateIsRefusedAndOneWithItIsServed() throws Exception {
        int port = listen(Map.of("tls", "server", "tls_client_ca", "hospital-ca", "tls_client_subjects", "O=Example Hospital"));
        HttpRequest request = HttpRequest.newBuilder(URI.create("https://localhost:" + port + "/"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build();
        assertThatThrownBy(() -> HttpClient.newBuilder().sslContext(TestPki.context(ca, null)).build()
                .send(request, HttpResponse.BodyHandlers.ofString())).isInstanceOf(java.io.IOException.class);
        TestPki.Issued lab = TestPki.issue(ca, "CN=lab,O=Example Hospital");
        assertThat(HttpClient.newBuilder().sslContext(TestPki.context(ca, lab)).build()
                .send(request, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(202);
        assertThat(limits.refusals().count("orders", "tls_client_certificate")).isEqualTo(1);
    }

    @Test
    void theDestinationPostsToAnHttpsReceiverWithANamedCaAndItsClientCertificate() throws Exception {
        int port = listen(Map.of("tls", "server", "tls_client_ca", "hospital-ca", "tls_client_subjects", "CN=ductus-client"));
        Destination good = destination("https://localhost:" + port + "/", Map.of("tls_ca", "hospital-ca", "tls_certificate", "client"));
        assertThat(send(good).kind()).isEqualTo(Outcome.Kind.SENT);
        good.stop().toCompletableFuture().get();

        Destination noCa = destination("https://localhost:" + port + "/", Map.of());
        Outcome refused = send(noCa);
        assertThat(refused.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(refused.detail()).contains("TLS handshake failed").contains("unknown CA");
        noCa.stop().toCompletableFuture().get();
    }

    @Test
    void tlsCaOnAPlainUrlIsAProblemOfTheUrl() {
        assertThat(factory.check(io.ductus.sdk.Role.DESTINATION, ConnectorConfig.of(HttpConnectorFactory.TYPE.destinationSchema(),
                Map.of("url", "http://lab/", "tls_ca", "hospital-ca")))).anyMatch(p -> p.field().equals("url")
                && p.message().contains("https://"));
    }

    private int listen(Map<String, Object> more) throws Exception {
        return bed.listen(factory, HttpConnectorFactory.TYPE.sourceSchema(), more, context, intake);
    }

    private Destination destination(String url, Map<String, Object> more) throws Exception {
        Map<String, Object> settings = new HashMap<>(more);
        settings.put("url", url);
        Destination d = factory.createDestination(ConnectorConfig.of(HttpConnectorFactory.TYPE.destinationSchema(), settings),
                new TestConnectorContext("orders", "lab", Clock.systemUTC(), dir));
        d.start();
        return d;
    }

    private static Outcome send(Destination destination) throws InterruptedException {
        return TlsTestBed.send(destination, "orders", "{\"order\":1}".getBytes(StandardCharsets.UTF_8));
    }
}
