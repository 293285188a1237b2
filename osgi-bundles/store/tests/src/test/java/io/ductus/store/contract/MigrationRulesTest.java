package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DestinationRef;
import io.ductus.store.jdbc.JdbcStore;
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
