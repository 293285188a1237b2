package io.ductus.store.contract;

import io.ductus.connector.listener.tls.TestPki;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A real PostgreSQL server configured for TLS (TLS 1.2 at least) with a certificate for {@code localhost} that
 * {@link #CA} issued: what the engine's own connection and the database resources are tested against with
 * {@code sslmode=verify-full}. One per test class; close it after.
 */
public final class PostgresTlsServer implements AutoCloseable {

    /** The CA that issued the server's certificate. */
    public static final TestPki.Issued CA = TestPki.ca("Database CA");

    private final EmbeddedPostgres server;

    private PostgresTlsServer(EmbeddedPostgres server) {
        this.server = server;
    }

    /** Starts a server whose key and certificate are written into {@code dir}. */
    public static PostgresTlsServer start(Path dir) throws IOException {
        Path[] pair = TestPki.issue(CA, "CN=localhost", "localhost").write(dir, "server");
        Files.setPosixFilePermissions(pair[1], PosixFilePermissions.fromString("rw-------")); // PostgreSQL insists
        return new PostgresTlsServer(EmbeddedPostgres.builder()
                .setServerConfig("ssl", "on")
                .setServerConfig("ssl_cert_file", pair[0].toString())
                .setServerConfig("ssl_key_file", pair[1].toString())
                .setServerConfig("ssl_min_protocol_version", "TLSv1.2")
                .start());
    }

    /** {@code postgres://postgres:postgres@HOST:PORT/postgres?QUERY}. */
    public String url(String host, String query) {
        return "postgres://postgres:postgres@" + host + ":" + server.getPort() + "/postgres?" + query;
    }

    /** {@code postgres://HOST:PORT/postgres?QUERY}: no user in the URL (a resources.yaml database names its user apart). */
    public String resourceUrl(String host, String query) {
        return "postgres://" + host + ":" + server.getPort() + "/postgres?" + query;
    }

    /** How many of the connections of application {@code name} are TLS (pg_stat_ssl). */
    public long tlsConnections(String application) throws java.sql.SQLException {
        try (var c = server.getPostgresDatabase().getConnection();
             var s = c.prepareStatement("SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE s.ssl"
                     + " AND a.application_name = ?")) {
            s.setString(1, application);
            try (var r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
