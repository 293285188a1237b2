package io.ductus.engine.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ductus.core.project.BuiltInTypes;
import io.ductus.core.project.DatabaseResource;
import io.ductus.core.project.SecretRef;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptServices;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import io.ductus.store.contract.PostgresServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The database destination on a real SQLite file and a real PostgreSQL server. */
@ParameterizedClass
@EnumSource(DatabaseWriterTest.Kind.class)
class DatabaseWriterTest {

    enum Kind { SQLITE, POSTGRES }

    private static final String BY_NAME = "insert into results (mrn, code, value) values (:mrn, :code, :value)";

    @Parameter
    Kind kind;

    @TempDir
    Path project;

    private EngineServices engineServices;
    private ScriptServices sql;

    @BeforeEach
    void database() throws IOException {
        String url = kind == Kind.SQLITE ? "sqlite:lab.db"
                : PostgresServer.newDatabase("writer").replace("postgres:postgres@", "");
        open(url);
        sql.execute("lab", "create table results (mrn text not null, code text not null, value numeric, note text,"
                + " primary key (mrn, code))", List.of());
    }

    @AfterEach
    void close() {
        engineServices.close();
    }

    @Test
    void writes_an_object_by_name_and_reports_the_rows_changed() throws Exception {
        Outcome outcome = writer(BY_NAME).send(json("{\"mrn\": \"M1\", \"code\": \"GLU\", \"value\": 5.4, \"ignored\": true}"));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(outcome.detail()).isEqualTo("1 row changed");
        assertThat(rows()).containsExactly("M1 GLU 5.4 null");
    }

    @Test
    void writes_every_object_of_an_array_in_one_transaction() throws Exception {
        Outcome outcome = writer(BY_NAME).send(json("""
                [{"mrn": "M1", "code": "GLU", "value": 5},
                 {"mrn": "M1", "code": "K", "value": null}]"""));

        assertThat(outcome.detail()).isEqualTo("2 rows changed");
        assertThat(rows()).containsExactly("M1 GLU 5 null", "M1 K null null");
    }

    @Test
    void binds_arrays_by_position() throws Exception {
        Outcome outcome = writer("insert into results (mrn, code, value, note) values ($1, $2, $3, $4)")
                .send(json("[[\"M2\", \"NA\", 140, {\"unit\": \"mmol/L\"}], [\"M2\", \"CL\", 101, \"plain\"]]"));

        assertThat(outcome.kind()).as(outcome.toString()).isEqualTo(Outcome.Kind.SENT);
        assertThat(rows()).containsExactly("M2 CL 101 plain", "M2 NA 140 {\"unit\":\"mmol/L\"}");
    }

    @Test
    void a_constraint_violation_is_quarantined_with_the_database_message_and_keeps_none_of_the_rows() throws Exception {
        Outcome outcome = writer(BY_NAME).send(json("""
                [{"mrn": "M1", "code": "GLU", "value": 5},
                 {"mrn": "M1", "code": "GLU", "value": 6}]"""));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).startsWith("database lab: ")
                .containsAnyOf("UNIQUE constraint failed", "duplicate key value violates unique constraint");
        assertThat(rows()).isEmpty();
    }

    @Test
    void a_statement_the_database_cannot_run_is_quarantined() throws Exception {
        Outcome outcome = writer("insert into nowhere (mrn) values (:mrn)").send(json("{\"mrn\": \"M1\"}"));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).contains("nowhere");
    }

    @Test
    void output_that_does_not_fit_the_statement_is_quarantined_saying_why() throws Exception {
        Destination writer = writer(BY_NAME);

        assertThat(writer.send(json("MSH|^~\\&|A")).detail()).startsWith("the output is not JSON");
        assertThat(writer.send(json("{\"mrn\": \"M1\", \"code\": \"GLU\"}")).detail())
                .isEqualTo("the output: :value has no value (the values are named code, mrn)");
        assertThat(writer.send(json("[[\"M1\", \"GLU\", 1]]")).detail())
                .startsWith("item 1 of the output is an array, but the statement names its parameters");
        assertThat(rows()).isEmpty();
    }

    /**
     * Another engine took the interface over while the rows were written: the fence, checked right before the commit,
     * refuses; the transaction is rolled back (no row), and the writer goes on as before.
     */
    @Test
    void a_fence_refusing_before_the_commit_leaves_no_row() throws Exception {
        Destination writer = writer(BY_NAME);
        io.ductus.sdk.testkit.FencedMessage taken = TestMessages.fenced(json("[{\"mrn\": \"M1\", \"code\": \"GLU\", \"value\": 1},"
                + " {\"mrn\": \"M2\", \"code\": \"GLU\", \"value\": 2}]"), () -> false);

        assertThatThrownBy(() -> writer.send(taken)).isInstanceOf(io.ductus.sdk.NoLongerOwnedException.class);
        assertThat(taken.checks()).isEqualTo(1);
        assertThat(rows()).isEmpty();
        assertThat(writer.send(json("{\"mrn\": \"M3\", \"code\": \"GLU\", \"value\": 3}")).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(rows()).containsExactly("M3 GLU 3 null");
    }

    @Test
    void an_empty_array_writes_nothing_and_is_sent() throws Exception {
        Outcome outcome = writer(BY_NAME).send(json("[]"));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(rows()).isEmpty();
    }

    @Test
    void a_database_that_cannot_be_reached_is_a_retry() throws Exception {
        assumeTrue(kind == Kind.POSTGRES, "a SQLite file is always there");
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        engineServices.close();
        open("postgresql://127.0.0.1:" + closedPort + "/lab");

        Outcome outcome = writer(BY_NAME).send(json("{\"mrn\": \"M1\", \"code\": \"GLU\", \"value\": 1}"));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).startsWith("database lab: ");
    }

    @Test
    void a_statement_past_its_timeout_is_a_retry() throws Exception {
        assumeTrue(kind == Kind.POSTGRES, "pg_sleep makes a statement slow on demand");
        Destination writer = writer("insert into results (mrn, code) select :mrn, 'SLOW' from pg_sleep(5)", "1s");

        Outcome outcome = writer.send(json("{\"mrn\": \"M1\"}"));

        assertThat(outcome.kind()).as(outcome.toString()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(rows()).isEmpty();
    }

    @Test
    void the_settings_name_a_database_of_resources_yaml_and_one_parameter_style() {
        ConnectorFactoryCheck check = new ConnectorFactoryCheck();
        assertThat(check.problems(Map.of("database", "elsewhere", "statement", BY_NAME)))
                .containsExactly("database: no database 'elsewhere' in resources.yaml (it has lab)");
        assertThat(check.problems(Map.of("database", "lab", "statement", "insert into t values (:mrn, ?)")))
                .containsExactly("statement: use either :name or $1, $2 … or ?, not both");
        assertThat(check.problems(Map.of("database", "lab", "statement", BY_NAME))).isEmpty();
    }

    /** The factory's check of settings that passed the schema. */
    private final class ConnectorFactoryCheck {
        List<String> problems(Map<String, Object> settings) {
            ConnectorConfig config = ConnectorConfig.of(BuiltInTypes.DATABASE.destinationSchema(), settings);
            return engineServices.databaseType().check(Role.DESTINATION, config).stream().map(ConfigProblem::toString).toList();
        }
    }

    private void open(String url) throws IOException {
        Path data = project.resolve("data");
        SecretsFile.createKey(data);
        Path secrets = SecretsFile.path(project, "production");
        SecretsFile.open(secrets, Optional.empty(), data).put("PG_PASSWORD", "postgres");
        DatabaseResource lab = url.startsWith("sqlite:") ? new DatabaseResource("lab", url, Optional.empty(), Optional.empty(), 2)
                : new DatabaseResource("lab", url, Optional.of("postgres"), Optional.of(new SecretRef("PG_PASSWORD")), 2);
        engineServices = new EngineServices(Map.of("lab", lab), project, Map.of(), name -> null,
                () -> SecretsFile.open(secrets, Optional.empty(), data));
        sql = engineServices.forInterface(Duration.ofSeconds(5));
    }

    private Destination writer(String statement) throws Exception {
        return writer(statement, "30s");
    }

    private Destination writer(String statement, String timeout) throws Exception {
        Map<String, Object> settings = new LinkedHashMap<>(Map.of("database", "lab", "statement", statement, "timeout", timeout));
        ConnectorConfig config = ConnectorConfig.of(BuiltInTypes.DATABASE.destinationSchema(), settings);
        assertThat(engineServices.databaseType().check(Role.DESTINATION, config)).isEmpty();
        Destination writer = engineServices.databaseType().createDestination(config,
                new TestConnectorContext("adt", "results", Clock.systemUTC(), project.resolve("data")));
        writer.start();
        return writer;
    }

    private static io.ductus.sdk.OutboundMessage json(String text) {
        return TestMessages.outbound(1, text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Instant.EPOCH, Map.of());
    }

    private List<String> rows() {
        return sql.query("lab", "select mrn, code, value, note from results order by mrn, code", List.of()).stream()
                .map(r -> r.get("mrn") + " " + r.get("code") + " " + number(r.get("value")) + " " + r.get("note")).toList();
    }

    /** 5, 5.0 and 5.40 read back differently per database; the number is what counts. */
    private static String number(Object value) {
        if (value == null) return "null";
        return new java.math.BigDecimal(value.toString()).stripTrailingZeros().toPlainString();
    }
}
