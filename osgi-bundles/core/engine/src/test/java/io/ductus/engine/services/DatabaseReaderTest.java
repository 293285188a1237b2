package io.ductus.engine.services;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.project.BuiltInTypes;
import io.ductus.core.project.DatabaseResource;
import io.ductus.core.project.SecretRef;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptServices;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.store.contract.PostgresServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The database source on a real SQLite file and a real PostgreSQL server, storing into the test kit's intake. */
@ParameterizedClass
@EnumSource(DatabaseReaderTest.Kind.class)
class DatabaseReaderTest {

    enum Kind { SQLITE, POSTGRES }

    private static final String QUERY = "select id, mrn, code, value from results where id > :cursor order by id";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameter
    Kind kind;

    @TempDir
    Path project;

    private EngineServices engineServices;
    private ScriptServices sql;
    private TestConnectorContext context;
    private Source source;

    @BeforeEach
    void database() throws IOException {
        String url = kind == Kind.SQLITE ? "sqlite:lab.db"
                : PostgresServer.newDatabase("reader").replace("postgres:postgres@", "");
        Path data = project.resolve("data");
        SecretsFile.createKey(data);
        Path secrets = SecretsFile.path(project, "production");
        SecretsFile.open(secrets, Optional.empty(), data).put("PG_PASSWORD", "postgres");
        DatabaseResource lab = url.startsWith("sqlite:") ? new DatabaseResource("lab", url, Optional.empty(), Optional.empty(), 2)
                : new DatabaseResource("lab", url, Optional.of("postgres"), Optional.of(new SecretRef("PG_PASSWORD")), 2);
        engineServices = new EngineServices(Map.of("lab", lab), project, Map.of(), name -> null,
                () -> SecretsFile.open(secrets, Optional.empty(), data));
        sql = engineServices.forInterface(Duration.ofSeconds(10));
        sql.execute("lab", "create table results (id integer primary key, mrn text not null, code text not null, value numeric)",
                List.of());
        context = new TestConnectorContext("lab-results", "source", Clock.systemUTC(), data);
    }

    @AfterEach
    void close() throws Exception {
        if (source != null) source.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        context.close();
        engineServices.close();
    }

    @Test
    void stores_each_new_row_as_json_in_batches_of_at_most_500_with_the_last_rows_cursor() throws Exception {
        insertRows(1, 1200);
        InMemoryIntake intake = new InMemoryIntake();

        source = reader(QUERY, "10s");
        source.start(intake);

        assertThat(intake.awaitStored(1200, 30, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.commits()).extracting(InMemoryIntake.Commit::records).containsExactly(500, 500, 200);
        assertThat(intake.commits()).extracting(c -> c.progress().value()).containsExactly("500", "1000", "1200");
        JsonNode first = JSON.readTree(intake.stored().get(0).payload());
        assertThat(first.get("id").asLong()).isEqualTo(1);
        assertThat(first.get("mrn").asText()).isEqualTo("M1");
        assertThat(first.get("code").asText()).isEqualTo("GLU");
        assertThat(intake.stored().get(0).origin()).containsEntry("database", "lab").containsEntry("cursor", "1");
        assertThat(intake.stored().get(0).charset()).contains(StandardCharsets.UTF_8);
    }

    @Test
    void goes_on_after_the_saved_cursor_and_picks_up_rows_added_later() throws Exception {
        insertRows(1, 5);
        InMemoryIntake intake = new InMemoryIntake();
        intake.saveProgress(new Progress(DatabaseReader.PROGRESS_KEY, "3"));

        source = reader(QUERY, "200ms");
        source.start(intake);
        assertThat(intake.awaitStored(2, 10, TimeUnit.SECONDS)).isTrue();
        insertRows(6, 7);
        assertThat(intake.awaitStored(4, 10, TimeUnit.SECONDS)).isTrue();

        assertThat(ids(intake)).containsExactly(4L, 5L, 6L, 7L);
    }

    @Test
    void a_batch_that_was_not_stored_is_read_again_so_no_row_is_lost_or_stored_twice() throws Exception {
        insertRows(1, 3);
        InMemoryIntake intake = new InMemoryIntake();
        intake.failNext(2, "the store is down");

        source = reader(QUERY, "100ms");
        source.start(intake);

        assertThat(intake.awaitStored(3, 10, TimeUnit.SECONDS)).isTrue();
        assertThat(ids(intake)).containsExactly(1L, 2L, 3L);
        assertThat(intake.commits()).extracting(c -> c.progress().value()).containsExactly("3");
        assertThat(context.statuses()).anySatisfy(s -> assertThat(s).contains("rows not stored, read again later"));
    }

    @Test
    void a_query_the_database_refuses_degrades_the_source_until_it_works() throws Exception {
        InMemoryIntake intake = new InMemoryIntake();
        source = reader("select id, mrn from later where id > :cursor order by id", "100ms");
        source.start(intake);
        awaitStatus("database lab: ");

        sql.execute("lab", "create table later (id integer primary key, mrn text)", List.of());
        sql.execute("lab", "insert into later (id, mrn) values (1, 'M1')", List.of());

        assertThat(intake.awaitStored(1, 10, TimeUnit.SECONDS)).isTrue();
        awaitStatus("OK");
    }

    @Test
    void refuses_a_query_without_the_cursor_parameter_or_a_database_resources_yaml_lacks() {
        ConnectorConfig noCursor = config("select * from results", "nowhere", "10s");
        List<ConfigProblem> problems = engineServices.databaseType().check(Role.SOURCE, noCursor);
        assertThat(problems).extracting(ConfigProblem::toString).anySatisfy(p -> assertThat(p).contains("no database 'nowhere'"))
                .anySatisfy(p -> assertThat(p).contains("the query takes one parameter, :cursor"));
    }

    private Source reader(String query, String every) {
        ConnectorConfig config = config(query, "lab", every);
        assertThat(engineServices.databaseType().check(Role.SOURCE, config)).isEmpty();
        return engineServices.databaseType().createSource(config, context);
    }

    private static ConnectorConfig config(String query, String database, String every) {
        Map<String, Object> settings = new LinkedHashMap<>(Map.of("database", database, "query", query, "cursor", "id",
                "every", every));
        return ConnectorConfig.of(BuiltInTypes.DATABASE.sourceSchema(), settings);
    }

    private void insertRows(int from, int to) {
        for (int id = from; id <= to; id++) {
            sql.execute("lab", "insert into results (id, mrn, code, value) values ($1, $2, 'GLU', 5.4)", List.of(id, "M" + id));
        }
    }

    private static List<Long> ids(InMemoryIntake intake) throws IOException {
        List<Long> ids = new ArrayList<>();
        for (var m : intake.stored()) ids.add(JSON.readTree(m.payload()).get("id").asLong());
        return ids;
    }

    private void awaitStatus(String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (context.statuses().stream().noneMatch(s -> s.contains(text))) {
            if (System.nanoTime() > deadline) throw new AssertionError("no status with '" + text + "': " + context.statuses());
            Thread.sleep(20);
        }
    }
}
