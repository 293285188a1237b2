package io.ductus.engine.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.TestPki;
import io.ductus.core.alert.Channel;
import io.ductus.core.project.DatabaseResource;
import io.ductus.engine.alerts.channel.NoticeText;
import io.ductus.engine.alerts.channel.WebhookSender;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptServices;
import io.ductus.script.ScriptServices.FetchRequest;
import io.ductus.script.ScriptServices.ServiceException;
import io.ductus.store.contract.PostgresTlsServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fetch() and the alerts' webhooks over TLS to HTTPS servers the test starts (the JDK's, real handshakes): the system's
 * roots plus a CA of resources.yaml, the host name checked, a client certificate when named; a refused handshake is a
 * temporary failure whose text says why.
 */
class OutboundTlsTest {

    private static final TestPki.Issued CA = TestPki.ca("Outbound Test CA");
    private static final TestPki.Issued CLIENT_CA = TestPki.ca("Outbound Client CA");
    private static final TestPki.Issued CLIENT = TestPki.issue(CLIENT_CA, "CN=ductus,O=Example Hospital");

    @TempDir
    Path project;

    private final List<HttpsServer> servers = new ArrayList<>();
    private final Certificates certificates = new Certificates();
    private EngineServices engine;
    private ScriptServices services;

    @BeforeEach
    void install() throws IOException {
        assertThat(certificates.install(List.of(CertificateEntry.caText("hospital-ca", CA.chainPem()),
                CertificateEntry.pairText("ductus-client", CLIENT.chainPem(), CLIENT.keyPem())), Clock.systemUTC(), l -> { }, l -> { }))
                .isEmpty();
        Path data = project.resolve("data");
        SecretsFile.createKey(data);
        engine = new EngineServices(Map.of(), project, Map.of(), n -> null,
                () -> SecretsFile.open(SecretsFile.path(project, "production"), Optional.empty(), data), certificates);
        services = engine.forInterface(Duration.ofSeconds(5));
    }

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
        engine.close();
        certificates.close();
    }

    /** An HTTPS server presenting {@code pair}; with {@code clientCa}, it asks for a client certificate that CA issued. */
    private String https(TestPki.Issued pair, TestPki.Issued clientCa) throws IOException {
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(TestPki.context(clientCa == null ? CA : clientCa, pair)) {
            @Override
            public void configure(HttpsParameters parameters) {
                javax.net.ssl.SSLParameters p = getSSLContext().getDefaultSSLParameters();
                p.setNeedClientAuth(clientCa != null);
                parameters.setSSLParameters(p);
            }
        });
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] answer = "found".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        servers.add(server);
        return "https://localhost:" + server.getAddress().getPort() + "/lookup";
    }

    private FetchRequest get(String url, String ca, String certificate) {
        return new FetchRequest(url, "GET", Map.of(), null, Duration.ofSeconds(5), ca, certificate);
    }

    private void refusedBecause(FetchRequest request, String why) {
        assertThatThrownBy(() -> services.fetch(request)).isInstanceOf(ServiceException.class)
                .hasMessage("TLS handshake failed: " + why).satisfies(e -> assertThat(((ServiceException) e).temporary()).isTrue());
    }

    @Test
    void fetch_trusts_a_named_ca_and_shows_a_named_client_certificate() throws IOException {
        String url = https(TestPki.issue(CA, "CN=localhost", "localhost"), CLIENT_CA);
        var answer = services.fetch(get(url, "hospital-ca", "ductus-client"));
        assertThat(answer.status()).isEqualTo(200);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("found");
    }

    @Test
    void a_refused_fetch_handshake_is_temporary_and_says_why() throws IOException {
        String good = https(TestPki.issue(CA, "CN=localhost", "localhost"), null);
        refusedBecause(get(good, null, null), "unknown CA: the certificate is not issued by a trusted CA");
        String misnamed = https(TestPki.issue(CA, "CN=elsewhere", "elsewhere.example.org"), null);
        refusedBecause(get(misnamed, "hospital-ca", null), "name mismatch: the certificate is not for this host name");
        Instant now = Instant.now();
        String expired = https(TestPki.issue(CA, "CN=localhost", now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(1)),
                "localhost"), null);
        refusedBecause(get(expired, "hospital-ca", null), "certificate expired");
        String asksForOne = https(TestPki.issue(CA, "CN=localhost", "localhost"), CLIENT_CA);
        assertThatThrownBy(() -> services.fetch(get(asksForOne, "hospital-ca", null))).isInstanceOf(ServiceException.class)
                .satisfies(e -> assertThat(((ServiceException) e).temporary()).isTrue());
    }

    @Test
    void a_fetch_naming_a_certificate_resources_yaml_lacks_is_permanent_and_names_the_known_ones() {
        assertThatThrownBy(() -> services.fetch(get("https://localhost:1/", "nope", null))).isInstanceOf(ServiceException.class)
                .hasMessage("tls.ca: no certificate 'nope' in resources.yaml (it has hospital-ca, ductus-client)")
                .satisfies(e -> assertThat(((ServiceException) e).temporary()).isFalse());
        assertThatThrownBy(() -> services.fetch(get("https://localhost:1/", null, "hospital-ca")))
                .hasMessageContaining("tls.certificate: certificate 'hospital-ca' is a CA alone");
    }

    @Test
    void a_database_resource_names_its_ca_by_tls_ca_and_a_refused_connection_waits_saying_why() throws Exception {
        try (PostgresTlsServer db = PostgresTlsServer.start(project)) {
            Certificates installed = new Certificates();
            assertThat(installed.install(List.of(CertificateEntry.caText("db-ca", PostgresTlsServer.CA.chainPem()),
                    CertificateEntry.caText("other-ca", CA.chainPem())), Clock.systemUTC(), l -> { }, l -> { })).isEmpty();
            Map<String, DatabaseResource> databases = Map.of(
                    "mpi", new DatabaseResource("mpi", db.resourceUrl("localhost", "tls_ca=db-ca"), Optional.of("postgres"), Optional.empty(), 2),
                    "wrong-ca", new DatabaseResource("wrong-ca", db.resourceUrl("localhost", "tls_ca=other-ca"), Optional.of("postgres"),
                            Optional.empty(), 2),
                    "wrong-name", new DatabaseResource("wrong-name", db.resourceUrl("127.0.0.1", "tls_ca=db-ca"), Optional.of("postgres"),
                            Optional.empty(), 2));
            try (EngineServices withDatabases = new EngineServices(databases, project, Map.of(), n -> null,
                    () -> { throw new IllegalStateException("no secrets here"); }, installed)) {
                ScriptServices s = withDatabases.forInterface(Duration.ofSeconds(10));
                assertThat(s.query("mpi", "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", List.of()))
                        .containsExactly(Map.of("ssl", true));
                assertThatThrownBy(() -> s.query("wrong-ca", "SELECT 1", List.of())).isInstanceOf(ServiceException.class)
                        .hasMessageStartingWith("TLS to database 'wrong-ca' refused: unknown CA: the certificate is not issued by a"
                                + " trusted CA (the driver: ")
                        .satisfies(e -> assertThat(((ServiceException) e).temporary()).isTrue());
                assertThatThrownBy(() -> s.query("wrong-name", "SELECT 1", List.of())).isInstanceOf(ServiceException.class)
                        .hasMessageStartingWith("TLS to database 'wrong-name' refused: name mismatch");
            } finally {
                installed.close();
            }
        }
    }

    @Test
    void a_webhook_channel_trusts_its_named_ca_and_a_refused_handshake_says_why() throws Exception {
        WebhookSender sender = new WebhookSender(new NoticeText("ductus on test", ZoneOffset.UTC), v -> v, certificates);
        String url = https(TestPki.issue(CA, "CN=localhost", "localhost"), CLIENT_CA);
        sender.send(new Channel("oncall", Channel.Type.WEBHOOK, List.of(), url, Channel.Format.JSON, "hospital-ca", "ductus-client"),
                List.of());
        String misnamed = https(TestPki.issue(CA, "CN=elsewhere", "elsewhere.example.org"), null);
        assertThatThrownBy(() -> sender.send(new Channel("oncall", Channel.Type.WEBHOOK, List.of(), misnamed, Channel.Format.JSON,
                "hospital-ca", null), List.of())).isInstanceOf(IOException.class)
                .hasMessageContaining("TLS handshake failed: name mismatch: the certificate is not for this host name");
        assertThatThrownBy(() -> sender.send(new Channel("oncall", Channel.Type.WEBHOOK, List.of(), url, Channel.Format.JSON,
                null, null), List.of())).isInstanceOf(IOException.class)
                .hasMessageContaining("TLS handshake failed: unknown CA");
    }
}
