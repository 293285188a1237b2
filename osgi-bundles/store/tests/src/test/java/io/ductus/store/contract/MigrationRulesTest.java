package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DestinationRef;
import io.ductus.store.jdbc.Dialect;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.Migrations;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** An engine meets a schema a newer release migrated (docs/migrations.md): it starts and works. */
@ParameterizedClass
@EnumSource(Database.class)
class MigrationRulesTest {

    private static final OpenStores STORES = new OpenStores("migrations");

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void an_engine_starts_on_a_schema_a_newer_release_migrated() throws Exception {
        String location = STORES.location(db);
        db.open(location).close();
        // What a newer release might do: add a table, a column and an index, recorded as version 999.
        try (Connection c = db.connect(location); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE future_things (id BIGINT PRIMARY KEY)");
            s.executeUpdate("ALTER TABLE deliveries ADD COLUMN future_column TEXT");
            s.executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                    + " checksum, installed_by, installed_on, execution_time, success) VALUES (100, '999', 'future',"
                    + " 'SQL', 'V999__future.sql', 0, 'newer release', CURRENT_TIMESTAMP, 1, " + trueValue() + ")");
        }
        try (JdbcStore store = db.open(location)) {
            long id = store.store(Messages.batch("future", Messages.message("a", 0, null, "x")), Messages.T0).get(0).id();
            assertThat(store.pending(new DestinationRef("future", "x"), Set.of(0), 5)).hasSize(1);
            assertThat(store.message(id)).isPresent();
        }
    }

    @Test
    void reopening_applies_nothing_twice() throws Exception {
        String location = STORES.location(db);
        db.open(location).close();
        List<String> before = history(location);
        db.open(location).close();
        assertThat(history(location)).isEqualTo(before).isNotEmpty();
    }

    @Test
    void a_schema_flyway_migrated_is_known_as_current_without_flyway_and_a_changed_checksum_is_not() throws Exception {
        String location = db.newLocation(STORES.folder(), "current_check"); // its own: the shared one is migrated already
        try (Connection c = db.connect(location)) {
            assertThat(io.ductus.store.jdbc.Migrations.applied(c, db.dialect())).as("no history yet").isFalse();
        }
        db.open(location).close();
        try (Connection c = db.connect(location)) {
            // Flyway recorded every file's checksum: the start's own reading of the files agrees with each of them.
            assertThat(io.ductus.store.jdbc.Migrations.applied(c, db.dialect())).isTrue();
            try (Statement s = c.createStatement()) {
                if (!c.getAutoCommit()) c.setAutoCommit(true);
                s.executeUpdate("UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version = '1'");
            }
            assertThat(io.ductus.store.jdbc.Migrations.applied(c, db.dialect())).as("a file that differs from what was applied").isFalse();
        }
    }

    @Test
    void an_empty_postgres_database_gets_in_one_transaction_the_schema_and_the_history_flyway_gives() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(db == Database.POSTGRES, "SQLite's first start goes through Flyway");
        String byFlyway = db.newLocation(STORES.folder(), "by_flyway");
        String byStart = db.newLocation(STORES.folder(), "by_start");
        int files = Migrations.configure(dataSource(byFlyway), Dialect.POSTGRES).load().migrate().migrationsExecuted;
        assertThat(Migrations.migrate(dataSource(byStart), Dialect.POSTGRES)).as("applied without Flyway").isEqualTo(files);
        assertThat(schema(byStart)).isEqualTo(schema(byFlyway)).isNotEmpty();
        String rows = "SELECT installed_rank, version, description, type, script, checksum, installed_by, success"
                + " FROM flyway_schema_history ORDER BY installed_rank";
        assertThat(rows(byStart, rows)).isEqualTo(rows(byFlyway, rows)).hasSize(files);
        // Flyway validates that history against the files and has nothing to apply: a later release's migrations go on from it.
        org.flywaydb.core.Flyway flyway = Migrations.configure(dataSource(byStart), Dialect.POSTGRES).load();
        flyway.validate();
        assertThat(flyway.info().pending()).isEmpty();
        assertThat(flyway.migrate().migrationsExecuted).isZero();
        // And the store opens on it as on any current schema.
        try (JdbcStore store = db.open(byStart)) {
            long id = store.store(Messages.batch("first", Messages.message("a", 0, null, "x")), Messages.T0).get(0).id();
            assertThat(store.message(id)).isPresent();
        }
    }

    @Test
    void engines_starting_at_once_on_an_empty_database_apply_its_migrations_once() throws Exception {
        String location = db.newLocation(STORES.folder(), "at_once");
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(3);
        java.util.concurrent.ExecutorService engines = java.util.concurrent.Executors.newFixedThreadPool(3);
        try {
            List<java.util.concurrent.Future<Integer>> ran = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ran.add(engines.submit(() -> {
                    together.await(30, java.util.concurrent.TimeUnit.SECONDS);
                    return db == Database.POSTGRES ? Migrations.migrate(dataSource(location), Dialect.POSTGRES) : opened(location);
                }));
            }
            int applied = 0;
            for (java.util.concurrent.Future<Integer> f : ran) applied += f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            List<String> history = history(location);
            assertThat(history).doesNotHaveDuplicates().isNotEmpty();
            if (db == Database.POSTGRES) assertThat(applied).as("every migration applied by one of them").isEqualTo(history.size());
        } finally {
            engines.shutdownNow();
        }
        try (JdbcStore store = db.open(location)) {
            assertThat(store.message(store.store(Messages.batch("once", Messages.message("a", 0, null, "x")), Messages.T0).get(0).id())).isPresent();
        }
    }

    private int opened(String location) {
        db.open(location).close();
        return 0;
    }

    @Test
    void a_postgres_schema_with_anything_in_it_is_left_to_flyway() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(db == Database.POSTGRES, "PostgreSQL's first start only");
        String location = db.newLocation(STORES.folder(), "not_empty");
        try (Connection c = db.connect(location); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE someone_elses (id BIGINT)");
        }
        // Flyway refuses a non-empty schema without a history, and says so; nothing of ours was applied.
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Migrations.migrate(dataSource(location), Dialect.POSTGRES))
                .hasMessageContaining("non-empty schema");
        assertThat(rows(location, "SELECT relname FROM pg_class WHERE relname = 'flyway_schema_history'")).isEmpty();
    }

    /** The schema's relations, columns, indexes, constraints, functions and triggers, and the rows of its tables. */
    private List<String> schema(String location) throws Exception {
        List<String> all = new ArrayList<>();
        all.addAll(rows(location, "SELECT k.relname, k.relkind, k.reloptions::text, pg_get_expr(k.relpartbound, k.oid)"
                + " FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace WHERE n.nspname = current_schema() ORDER BY 1"));
        all.addAll(rows(location, "SELECT table_name, column_name, ordinal_position, data_type, character_maximum_length,"
                + " is_nullable, column_default, is_identity, identity_generation FROM information_schema.columns"
                + " WHERE table_schema = current_schema() ORDER BY 1, 3"));
        all.addAll(rows(location, "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1"));
        all.addAll(rows(location, "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
                + " WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2"));
        all.addAll(rows(location, "SELECT proname, pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace ORDER BY 1"));
        all.addAll(rows(location, "SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2"));
        for (String table : rows(location, "SELECT relname FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace"
                + " WHERE n.nspname = current_schema() AND relkind = 'r' AND relname <> 'flyway_schema_history' ORDER BY 1")) {
            String name = table.substring(1, table.length() - 1);
            all.add(name + ": " + rows(location, "SELECT * FROM " + name + " ORDER BY 1"));
        }
        return all;
    }

    private List<String> rows(String location, String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = db.connect(location); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) row.add(rs.getString(i));
                rows.add(row.toString());
            }
        }
        return rows;
    }

    private static javax.sql.DataSource dataSource(String location) {
        java.net.URI uri = java.net.URI.create(location);
        org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
        ds.setServerNames(new String[]{uri.getHost()});
        ds.setPortNumbers(new int[]{uri.getPort()});
        ds.setDatabaseName(uri.getPath().substring(1));
        ds.setUser("postgres");
        ds.setPassword("postgres");
        return ds;
    }

    private String trueValue() {
        return db == Database.SQLITE ? "1" : "TRUE";
    }

    private List<String> history(String location) throws Exception {
        List<String> versions = new ArrayList<>();
        try (Connection c = db.connect(location); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT version FROM flyway_schema_history ORDER BY installed_rank")) {
            while (rs.next()) versions.add(rs.getString(1));
        }
        return versions;
    }
}
