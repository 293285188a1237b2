package io.ductus.store.jdbc;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An empty PostgreSQL database's whole set of migrations, applied without Flyway: every file in one transaction,
 * with the schema history Flyway would have written (its table as Flyway makes it on PostgreSQL, a row per file
 * with Flyway's version, description, type, script name and checksum), so that Flyway, when a later release brings
 * a migration, validates this history and goes on from it. Flyway's own start (its classes, its scan and parse of
 * every file, a transaction and history row per migration) costs an engine's first start most of a second of CPU;
 * this is one round trip per file and one commit.
 *
 * <p>Only where nothing can differ from Flyway's way: the schema has no relation at all (Flyway would refuse a
 * non-empty schema without a history), every file is read and every placeholder known. Engines starting at once on
 * one empty database wait for each other on a transaction's advisory lock; the later one finds the schema made.
 * Any doubt or failure rolls back and leaves the database to Flyway, which says why.
 */
final class FirstMigrations {

    private static final Logger LOG = LoggerFactory.getLogger(FirstMigrations.class);
    /** The transaction lock engines starting at once on one database take before they look at its schema. */
    private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('ductus first migrations'))";

    /** One migration file: Flyway's version (as its history writes it), description and script name, and its text. */
    record Script(String script, List<Integer> version, String description, String text, int checksum) {

        String versionText() {
            return String.join(".", version.stream().map(String::valueOf).toList());
        }
    }

    private FirstMigrations() {
    }

    /**
     * Applies every migration of {@code dialect} (PostgreSQL's) to an empty database and returns how many; empty when
     * the database is not empty or anything is in doubt (nothing applied then: Flyway's turn).
     */
    static OptionalInt apply(DataSource dataSource, Dialect dialect) {
        if (dialect != Dialect.POSTGRES) return OptionalInt.empty();
        Optional<List<Script>> scripts = scripts(dialect);
        if (scripts.isEmpty() || scripts.get().isEmpty()) return OptionalInt.empty();
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                OptionalInt ran = apply(c, scripts.get());
                if (ran.isPresent()) c.commit();
                else c.rollback();
                return ran;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                LOG.debug("the first migrations left to Flyway: {}", e.getMessage());
                return OptionalInt.empty();
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException cannotConnect) {
            return OptionalInt.empty(); // Flyway says why
        }
    }

    private static OptionalInt apply(Connection c, List<Script> scripts) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(LOCK);
            try (ResultSet r = s.executeQuery("SELECT count(*) FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace"
                    + " WHERE n.nspname = current_schema()")) {
                if (!r.next() || r.getLong(1) != 0) return OptionalInt.empty();
            }
            // Flyway's own history table on PostgreSQL (PostgreSQLDatabase.getRawCreateScript, Flyway 13), column for column.
            s.execute("""
                    CREATE TABLE "flyway_schema_history" (
                        "installed_rank" INT NOT NULL,
                        "version" VARCHAR(50),
                        "description" VARCHAR(200) NOT NULL,
                        "type" VARCHAR(20) NOT NULL,
                        "script" VARCHAR(1000) NOT NULL,
                        "checksum" INTEGER,
                        "installed_by" VARCHAR(100) NOT NULL,
                        "installed_on" TIMESTAMP NOT NULL DEFAULT now(),
                        "execution_time" INTEGER NOT NULL,
                        "success" BOOLEAN NOT NULL
                    );
                    ALTER TABLE "flyway_schema_history" ADD CONSTRAINT "flyway_schema_history_pk" PRIMARY KEY ("installed_rank");
                    CREATE INDEX "flyway_schema_history_s_idx" ON "flyway_schema_history" ("success")""");
        }
        try (PreparedStatement history = c.prepareStatement("INSERT INTO flyway_schema_history (installed_rank, version,"
                + " description, type, script, checksum, installed_by, execution_time, success)"
                + " VALUES (?, ?, ?, 'SQL', ?, ?, current_user, ?, TRUE)")) {
            int rank = 0;
            for (Script script : scripts) {
                long t0 = System.nanoTime();
                try (Statement s = c.createStatement()) {
                    s.execute(script.text()); // the driver sends the file's statements in one round trip
                }
                history.setInt(1, ++rank);
                history.setString(2, script.versionText());
                history.setString(3, script.description());
                history.setString(4, script.script());
                history.setInt(5, script.checksum());
                history.setInt(6, (int) ((System.nanoTime() - t0) / 1_000_000));
                history.addBatch();
            }
            history.executeBatch();
            LOG.info("an empty database: {} migrations applied in one transaction, now at version {}", rank,
                    scripts.get(scripts.size() - 1).versionText());
            return OptionalInt.of(rank);
        }
    }

    /**
     * Every migration file of the dialect in Flyway's order (by version), placeholders replaced; empty when a file
     * cannot be read or named as Flyway names it, or a placeholder is unknown.
     */
    static Optional<List<Script>> scripts(Dialect dialect) {
        Optional<List<URL>> files = Migrations.allFiles(dialect);
        if (files.isEmpty()) return Optional.empty();
        List<Script> scripts = new ArrayList<>();
        for (URL file : files.get()) {
            String path = file.getPath();
            String name = path.substring(path.lastIndexOf('/') + 1);
            Optional<Script> script;
            try (InputStream in = file.openStream()) {
                byte[] raw = in.readAllBytes();
                // Flyway's checksum is of the file as it is, before its placeholders are replaced.
                script = script(name, new String(raw, StandardCharsets.UTF_8), dialect.placeholders(),
                        Migrations.checksum(new ByteArrayInputStream(raw)));
            } catch (IOException e) {
                return Optional.empty();
            }
            if (script.isEmpty()) return Optional.empty();
            scripts.add(script.get());
        }
        Comparator<List<Integer>> byVersion = (a, b) -> {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                int d = Integer.compare(a.get(i), b.get(i));
                if (d != 0) return d;
            }
            return Integer.compare(a.size(), b.size());
        };
        scripts.sort(Comparator.comparing(Script::version, byVersion));
        for (int i = 1; i < scripts.size(); i++) {
            if (byVersion.compare(scripts.get(i - 1).version(), scripts.get(i).version()) == 0) return Optional.empty();
        }
        return Optional.of(scripts);
    }

    /** {@code V1_1__postgres_fillfactor.sql}: version 1.1, description "postgres fillfactor", as Flyway reads the name. */
    static Optional<Script> script(String name, String text, Map<String, String> placeholders, int checksum) {
        if (!name.startsWith("V") || !name.endsWith(".sql")) return Optional.empty();
        int split = name.indexOf("__");
        if (split < 2) return Optional.empty();
        List<Integer> version = new ArrayList<>();
        for (String part : name.substring(1, split).split("[._]")) {
            if (!part.matches("[0-9]{1,9}")) return Optional.empty();
            version.add(Integer.parseInt(part));
        }
        String description = name.substring(split + 2, name.length() - ".sql".length()).replace('_', ' ');
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        String replaced = text;
        for (Map.Entry<String, String> p : placeholders.entrySet()) replaced = replaced.replace("${" + p.getKey() + "}", p.getValue());
        if (replaced.contains("${")) return Optional.empty(); // Flyway knows placeholders of its own: its turn
        return Optional.of(new Script(name, List.copyOf(version), description, replaced, checksum));
    }
}
