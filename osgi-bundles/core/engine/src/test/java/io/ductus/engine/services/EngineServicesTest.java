package io.ductus.engine.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.ductus.core.project.DatabaseResource;
import io.ductus.core.project.SecretRef;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptServices;
import io.ductus.script.ScriptServices.FetchRequest;
import io.ductus.script.ScriptServices.FetchResponse;
import io.ductus.script.ScriptServices.ServiceException;
import io.ductus.store.contract.PostgresServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's services on real databases (a SQLite file, a PostgreSQL server) and a real HTTP server. */
class EngineServicesTest {

    @TempDir
    Path project;

    private EngineServices engineServices;
    private HttpServer http;

    @AfterEach
    void close() {
        if (engineServices != null) engineServices.close();
        if (http != null) http.stop(0);
    }

    private ScriptServices services(Map<String, DatabaseResource> databases, Map<String, String> variables, Map<String, String> environment)
            throws IOException {
        Path data = project.resolve("data");
        SecretsFile.createKey(data);
        Path secrets = SecretsFile.path(project, "production");
        SecretsFile.open(secrets, Optional.empty(), data).put("PG_PASSWORD", "postgres");
        SecretsFile.open(secrets, Optional.empty(), data).put("API_KEY", "k-123");
        engineServices = new EngineServices(databases, project, variables, environment::get,
                () -> SecretsFile.open(secrets, Optional.empty(), data));
        return engineServices.forInterface(Duration.ofSeconds(5));
    }

    @Test
    void queries_and_statements_on_a_sqlite_resource_bind_their_parameters() throws IOException {
        ScriptServices services = services(Map.of("codes", new DatabaseResource("codes", "sqlite:data/codes.db", Optional.empty(),
                Optional.empty(), 2)), Map.of(), Map.of());
        services.execute("codes", "create table codes (local text primary key, loinc text, factor real)", List.of());
        assertThat(services.execute("codes", "insert into codes values ($1, $2, $3), (?4, 'x', null)".replace("?4", "$4"),
                List.of("GLU", "2345-7", 1.5, "K"))).isEqualTo(2);
        List<Map<String, Object>> rows = services.query("codes", "select loinc, factor from codes where local = $1", List.of("GLU"));
        assertThat(rows).containsExactly(Map.of("loinc", "2345-7", "factor", 1.5));

        String hostile = "GLU' or '1'='1";
        assertThat(services.query("codes", "select * from codes where local = ?", List.of(hostile))).isEmpty();
    }

    @Test
    void a_wrong_query_is_permanent_and_an_unknown_database_names_the_known_ones() throws IOException {
        ScriptServices services = services(Map.of("codes", new DatabaseResource("codes", "sqlite:codes.db", Optional.empty(),
                Optional.empty(), 2)), Map.of(), Map.of());
        assertThatThrownBy(() -> services.query("codes", "select * from nowhere", List.of()))
                .isInstanceOf(ServiceException.class).hasMessageContaining("no such table: nowhere")
                .satisfies(e -> assertThat(((ServiceException) e).temporary()).isFalse());
        assertThatThrownBy(() -> services.query("lab", "select 1", List.of()))
                .hasMessage("no database 'lab' in resources.yaml (it has codes)");
    }

    @Test
    void a_postgresql_resource_uses_its_password_from_the_secrets_file() throws IOException {
        String url = PostgresServer.newDatabase("services").replace("postgres:postgres@", "");
        ScriptServices services = services(Map.of("mpi", new DatabaseResource("mpi", url, Optional.of("postgres"),
                Optional.of(new SecretRef("PG_PASSWORD")), 2)), Map.of(), Map.of());
        services.execute("mpi", "create table patients (mrn text, born date, weight numeric(5,1), seen timestamptz)", List.of());
        services.execute("mpi", "insert into patients values ($1, '1980-02-03', 71.5, '2026-11-30T10:00:00Z')", List.of("M-1"));
        List<Map<String, Object>> rows = services.query("mpi", "select mrn, born, weight, $1::int as n from patients where mrn = $2",
                List.of(7L, "M-1"));
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).containsEntry("mrn", "M-1").containsEntry("born", "1980-02-03").containsEntry("weight", 71.5)
                .containsEntry("n", 7L);
    }

    @Test
    void a_database_that_cannot_be_reached_is_temporary() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        ScriptServices services = services(Map.of("mpi", new DatabaseResource("mpi", "postgresql://127.0.0.1:" + closedPort + "/x",
                Optional.of("postgres"), Optional.of(new SecretRef("PG_PASSWORD")), 1)), Map.of(), Map.of());
        assertThatThrownBy(() -> services.query("mpi", "select 1", List.of())).isInstanceOf(ServiceException.class)
                .satisfies(e -> assertThat(((ServiceException) e).temporary()).isTrue());
    }

    @Test
    void fetch_talks_to_a_real_server_and_caps_nothing_it_should_not() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/lookup", exchange -> {
            byte[] asked = exchange.getRequestBody().readAllBytes();
            byte[] answer = ("{\"asked\":" + new String(asked, StandardCharsets.UTF_8) + ",\"key\":\""
                    + exchange.getRequestHeaders().getFirst("x-api-key") + "\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(201, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        http.start();
        ScriptServices services = services(Map.of(), Map.of(), Map.of());
        FetchResponse response = services.fetch(new FetchRequest("http://127.0.0.1:" + http.getAddress().getPort() + "/lookup?x=1", "POST",
                Map.of("x-api-key", "k-123", "content-type", "application/json"), "{\"id\":1}".getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(5)));
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.headers()).containsEntry("content-type", "application/json; charset=utf-8");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"asked\":{\"id\":1},\"key\":\"k-123\"}");
    }

    @Test
    void fetch_of_a_server_that_is_down_or_slow_is_temporary_and_other_schemes_are_refused() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        ScriptServices services = services(Map.of(), Map.of(), Map.of());
        assertThatThrownBy(() -> services.fetch(new FetchRequest("http://127.0.0.1:" + closedPort + "/?token=abc", "GET", Map.of(), null,
                Duration.ofSeconds(2)))).isInstanceOf(ServiceException.class)
                .satisfies(e -> assertThat(((ServiceException) e).temporary()).isTrue()).hasMessageNotContaining("abc");

        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/slow", exchange -> {
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        http.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        http.start();
        assertThatThrownBy(() -> services.fetch(new FetchRequest("http://127.0.0.1:" + http.getAddress().getPort() + "/slow", "GET", Map.of(),
                null, Duration.ofMillis(200)))).hasMessage("no answer within 200 ms")
                .satisfies(e -> assertThat(((ServiceException) e).temporary()).isTrue());

        assertThatThrownBy(() -> services.fetch(new FetchRequest("file:///etc/passwd", "GET", Map.of(), null, Duration.ofSeconds(1))))
                .hasMessage("only http and https URLs can be fetched");
    }

    @Test
    void variables_are_only_the_declared_ones_and_the_environment_overrides_their_default() throws IOException {
        ScriptServices services = services(Map.of(), Map.of("FACILITY", "LAB1", "REGION", "north"), Map.of("REGION", "south", "HOME", "/root"));
        assertThat(services.variable("FACILITY")).isEqualTo("LAB1");
        assertThat(services.variable("REGION")).isEqualTo("south");
        assertThatThrownBy(() -> services.variable("HOME")).hasMessageContaining("HOME is not declared in ductus.yaml variables:");
    }

    @Test
    void secrets_come_decrypted_and_a_missing_one_says_how_to_add_it() throws IOException {
        ScriptServices services = services(Map.of(), Map.of(), Map.of());
        assertThat(services.secret("API_KEY")).isEqualTo("k-123");
        assertThatThrownBy(() -> services.secret("NOPE")).hasMessage("no secret NOPE (ductus secret set NOPE adds it)");
    }

    @Test
    void plain_values_cover_what_databases_return() {
        assertThat(SqlCalls.plain(new java.math.BigDecimal("12345678901234567890.123"))).isEqualTo("12345678901234567890.123");
        assertThat(SqlCalls.plain(new byte[] {1, (byte) 0xab})).isEqualTo("\\x01ab");
        assertThat(Arrays.asList(SqlCalls.plain(3), SqlCalls.plain(null), SqlCalls.plain(true))).containsExactly(3L, null, true);
    }
}
