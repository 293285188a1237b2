package io.ductus.store.jdbc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings a database's schema up to date with Flyway. Expand-only (docs/migrations.md): a database that
 * already has migrations this release does not know (a newer release ran on it) is accepted as it is.
 *
 * <p>A database whose schema history already holds every migration of this release, each applied with success and
 * with the checksum Flyway gives its file, is not handed to Flyway at all: one query says so (Flyway's start, its
 * scan and parse of every file take half a second of an engine's start). Anything else (no history yet, a migration
 * missing, failed or with another checksum, files this code cannot list) goes to Flyway, which applies, validates
 * and reports as always. An empty PostgreSQL database gets the whole set in one transaction without Flyway, with the
 * history Flyway would have written ({@link FirstMigrations}).
 */
public final class Migrations {

    /** The portable migrations, applied to both databases. */
    public static final String COMMON = "classpath:io/ductus/store/migration/common";
    /** What only PostgreSQL has; versioned V&lt;n&gt;_&lt;m&gt; after the common V&lt;n&gt; they follow. */
    public static final String POSTGRES_ONLY = "classpath:io/ductus/store/migration/postgres";
    /** Flyway's schema history (its default name). */
    static final String HISTORY = "flyway_schema_history";

    private Migrations() {
    }

    /** Applies what is missing and returns how many migrations ran. */
    public static int migrate(DataSource dataSource, Dialect dialect) {
        if (applied(dataSource, dialect)) return 0;
        java.util.OptionalInt first = FirstMigrations.apply(dataSource, dialect); // an empty PostgreSQL database
        if (first.isPresent()) return first.getAsInt();
        if (applied(dataSource, dialect)) return 0; // another engine starting at once applied them meanwhile
        MigrateResult result = configure(dataSource, dialect).load().migrate();
        return result.migrationsExecuted;
    }

    /**
     * Whether every migration of this release is in the schema history, applied with success and with its file's
     * checksum (as Flyway computes it: CRC-32 of the file's lines, without their line breaks); false when the files
     * cannot be listed or the history cannot be read.
     */
    static boolean applied(DataSource dataSource, Dialect dialect) {
        try (Connection c = dataSource.getConnection()) {
            return applied(c, dialect);
        } catch (SQLException cannotConnect) {
            return false; // Flyway says why
        }
    }

    /** {@link #applied(DataSource, Dialect)} on a connection of the database (left as it was found, no transaction open). */
    public static boolean applied(Connection c, Dialect dialect) throws SQLException {
        Optional<Map<String, Integer>> files = checksums(dialect);
        if (files.isEmpty() || files.get().isEmpty()) return false;
        Map<String, Integer> history = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT script, checksum FROM " + HISTORY + " WHERE success = ?")) {
            s.setBoolean(1, true);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    int checksum = r.getInt(2);
                    if (!r.wasNull()) history.put(r.getString(1), checksum);
                }
            }
        } catch (SQLException noHistoryYet) {
            return false;
        } finally {
            if (!c.getAutoCommit()) c.rollback();
        }
        for (Map.Entry<String, Integer> f : files.get().entrySet()) {
            if (!f.getValue().equals(history.get(f.getKey()))) return false;
        }
        return true;
    }

    /** Each migration file's name (as the history's script column has it) and checksum; empty when they cannot be listed. */
    static Optional<Map<String, Integer>> checksums(Dialect dialect) {
        Map<String, Integer> all = new HashMap<>();
        Optional<List<URL>> files = allFiles(dialect);
        if (files.isEmpty()) return Optional.empty();
        for (URL file : files.get()) {
            String path = file.getPath();
            String name = path.substring(path.lastIndexOf('/') + 1);
            try (InputStream in = file.openStream()) {
                all.put(name, checksum(in));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.of(all);
    }

    /** The migration files of every location of the dialect; empty when one cannot be listed. */
    static Optional<List<URL>> allFiles(Dialect dialect) {
        List<URL> all = new ArrayList<>();
        for (String location : dialect.migrationLocations()) {
            Optional<List<URL>> files = files(location.substring("classpath:".length()));
            if (files.isEmpty()) return Optional.empty();
            all.addAll(files.get());
        }
        return Optional.of(all);
    }

    /** Flyway's checksum of a versioned SQL migration: CRC-32 over its lines' UTF-8 bytes, a byte order mark dropped. */
    static int checksum(InputStream file) throws IOException {
        CRC32 crc = new CRC32();
        BufferedReader lines = new BufferedReader(new InputStreamReader(file, StandardCharsets.UTF_8), 4096);
        String line = lines.readLine();
        if (line != null && line.startsWith("\uFEFF")) line = line.substring(1);
        for (; line != null; line = lines.readLine()) crc.update(line.getBytes(StandardCharsets.UTF_8));
        return (int) crc.getValue();
    }

    /** The V*.sql files of a folder of this bundle (in OSGi), of a class folder or of a jar; empty when none of these. */
    private static Optional<List<URL>> files(String folder) {
        try {
            org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(Migrations.class);
            if (bundle != null) {
                java.util.Enumeration<URL> found = bundle.findEntries(folder, "V*.sql", false);
                return Optional.of(found == null ? List.of() : Collections.list(found));
            }
        } catch (LinkageError noOsgi) {
            // not in a framework, and without its API: a class folder, or Flyway
        }
        URL url = Migrations.class.getClassLoader().getResource(folder);
        if (url == null) return Optional.empty();
        try {
            List<URL> urls = new ArrayList<>();
            if ("file".equals(url.getProtocol())) {
                try (Stream<Path> children = Files.list(Path.of(url.toURI()))) {
                    for (Path p : children.filter(p -> isMigration(p.getFileName().toString())).toList()) urls.add(p.toUri().toURL());
                }
            } else if ("jar".equals(url.getProtocol())) {
                URL jarFile = ((java.net.JarURLConnection) url.openConnection()).getJarFileURL();
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(Path.of(jarFile.toURI()).toFile())) {
                    for (java.util.jar.JarEntry e : Collections.list(jar.entries())) {
                        String name = e.getName();
                        if (name.startsWith(folder + "/") && isMigration(name.substring(folder.length() + 1))) {
                            urls.add(java.net.URI.create("jar:" + jarFile + "!/" + name).toURL());
                        }
                    }
                }
            } else {
                return Optional.empty();
            }
            return Optional.of(urls);
        } catch (IOException | java.net.URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static boolean isMigration(String fileName) {
        return fileName.startsWith("V") && fileName.endsWith(".sql") && !fileName.contains("/");
    }

    /**
     * The Flyway configuration the store uses, with this bundle's class loader so that Flyway, embedded in
     * this bundle, finds both its database plugins and the migrations.
     */
    public static org.flywaydb.core.api.configuration.FluentConfiguration configure(DataSource dataSource,
                                                                                      Dialect dialect) {
        return Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations(dialect.migrationLocations().toArray(String[]::new))
                .placeholders(dialect.placeholders())
                // A newer release may have applied migrations we do not know: that is fine (expand-only).
                .ignoreMigrationPatterns("*:future")
                // The pending migrations in one transaction, not one each: an empty database's whole set (and its history
                // rows) is one commit instead of one per migration, and a start that fails leaves none of them applied.
                .group(true)
                .validateMigrationNaming(true)
                .cleanDisabled(true);
    }
}
