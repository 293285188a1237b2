package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.connector.listener.tls.TestPki;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's own PostgreSQL connection over TLS with sslmode=verify-full against an embedded server configured for
 * TLS: the server's certificate checked against the CA given and its name against the host; a wrong CA or a name
 * the certificate is not for refuses the connection.
 */
class PostgresTlsTest {

    @TempDir
    static Path dir;

    private static final TestPki.Issued CA = TestPki.ca("Database CA");
    private static EmbeddedPostgres server;

    @BeforeAll
    static void start() throws Exception {
        Path[] pair = TestPki.issue(CA, "CN=localhost", "localhost").write(dir, "server");
        Files.setPosixFilePermissions(pair[1], PosixFilePermissions.fromString("rw-------")); // PostgreSQL insists
        Files.writeString(dir.resolve("ca.pem"), CA.chainPem());
        Files.writeString(dir.resolve("other-ca.pem"), TestPki.ca("Other CA").chainPem());
        server = EmbeddedPostgres.builder()
                .setServerConfig("ssl", "on")
                .setServerConfig("ssl_cert_file", pair[0].toString())
                .setServerConfig("ssl_key_file", pair[1].toString())
                .setServerConfig("ssl_min_protocol_version", "TLSv1.2")
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    private static String url(String host, String ca) {
        return "postgres://postgres:postgres@" + host + ":" + server.getPort() + "/postgres?sslmode=verify-full&sslrootcert="
                + dir.resolve(ca);
    }

    @Test
    void theStoreConnectsWithVerifyFullWhenTheCaAndTheNameAgree() throws Exception {
        try (JdbcStore store = PostgresStores.open(url("localhost", "ca.pem"))) {
            store.ping();
            try (var c = server.getPostgresDatabase().getConnection(); var s = c.createStatement();
                 var r = s.executeQuery("SELECT count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE s.ssl AND a.application_name = 'ductus'")) {
                r.next();
                assertThat(r.getLong(1)).as("the store's connections are TLS").isPositive();
            }
        }
    }

    @Test
    void anotherCaOrAnotherNameIsRefused() {
        assertThatThrownBy(() -> PostgresStores.open(url("localhost", "other-ca.pem")).close())
                .hasStackTraceContaining("PKIX");
        assertThatThrownBy(() -> PostgresStores.open(url("127.0.0.1", "ca.pem")).close())
                .hasStackTraceContaining("127.0.0.1");
    }
}
