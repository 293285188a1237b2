package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.connector.listener.tls.CertificateEntry;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.SubjectPatterns;
import io.ductus.connector.listener.tls.TestPki;
import io.ductus.core.project.ApiExposure;
import io.ductus.core.project.ListenerSecurity;
import io.ductus.sdk.config.HostPort;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The API over TLS with Java's HttpClient: HSTS, the session cookie Secure; the warning for a plain API off loopback. */
class ApiTlsTest {

    private final TestPki.Issued ca = TestPki.ca("Ops CA");
    private final TestPki.Issued pair = TestPki.issue(ca, "CN=localhost", "localhost", "127.0.0.1");

    @Test
    void theApiOverTlsSendsHstsAndMarksItsSessionCookieSecure() throws Exception {
        Certificates certificates = new Certificates();
        assertThat(certificates.install(List.of(CertificateEntry.pairText("api", pair.chainPem(), pair.keyPem())), Clock.systemUTC(),
                l -> { }, l -> { })).isEmpty();
        try (ApiFixture api = ApiFixture.withTls(certificates.server("api", Optional.empty(), SubjectPatterns.ANY),
                HttpClient.newBuilder().sslContext(TestPki.context(ca, null)).build())) {
            assertThat(api.server.url()).startsWith("https://");
            HttpResponse<String> health = api.send("GET", "/api/v1/health", java.util.Map.of(), null);
            assertThat(health.headers().firstValue("Strict-Transport-Security")).hasValue("max-age=31536000");
            String user = api.user("admin", false).username();
            HttpResponse<String> session = api.send("POST", "/api/v1/session", java.util.Map.of(),
                    "{\"username\":\"" + user + "\",\"password\":\"" + ApiFixture.PASSWORD + "\"}");
            assertThat(session.statusCode()).isEqualTo(201);
            assertThat(session.headers().firstValue("Set-Cookie")).hasValueSatisfying(c -> assertThat(c).contains("; Secure")
                    .containsIgnoringCase("HttpOnly"));

            // Every certificate with its expiry, in the API and in /metrics.
            api.metrics.watch(certificates);
            HttpResponse<String> listed = api.withToken("GET", "/api/v1/certificates", api.token("viewer"), null);
            assertThat(listed.statusCode()).isEqualTo(200);
            assertThat(listed.body()).contains("\"name\":\"api\"").contains("\"kind\":\"pair\"").contains("\"daysLeft\":")
                    .contains("\"warning\":null");
            String metrics = api.withToken("GET", "/metrics", api.token("viewer"), null).body();
            long firstToExpire = Math.min(pair.certificate().getNotAfter().toInstant().getEpochSecond(),
                    ca.certificate().getNotAfter().toInstant().getEpochSecond());
            String line = metrics.lines().filter(l -> l.startsWith("ductus_certificate_expiry_timestamp_seconds{certificate=\"api\",kind=\"pair\"}"))
                    .findFirst().orElseThrow();
            assertThat(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).isEqualTo((double) firstToExpire);
            assertThat(metrics).contains("ductus_certificate_expiring{certificate=\"api\",kind=\"pair\"} 0");

            // Plain HTTP to the TLS port gets nothing.
            assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    api.server.url().replace("https://", "http://") + "/api/v1/health")).build(), HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(java.io.IOException.class);
        }
    }

    @Test
    void aPlainApiIsServedWithoutHstsOrSecure() throws Exception {
        try (ApiFixture api = new ApiFixture()) {
            assertThat(api.send("GET", "/api/v1/health", java.util.Map.of(), null).headers().firstValue("Strict-Transport-Security"))
                    .isEmpty();
        }
    }

    @Test
    void anApiOffLoopbackWithoutTlsIsWarnedAbout() {
        assertThat(ApiExposure.warning(HostPort.parse("0.0.0.0:7700"), ListenerSecurity.NONE)).hasValueSatisfying(w ->
                assertThat(w).contains("0.0.0.0:7700 without TLS"));
        assertThat(ApiExposure.warning(HostPort.parse("127.0.0.1:7700"), ListenerSecurity.NONE)).isEmpty();
        assertThat(ApiExposure.warning(HostPort.parse("0.0.0.0:7700"),
                new ListenerSecurity(Optional.of("api"), Optional.empty(), List.of(), List.of()))).isEmpty();
    }

}
