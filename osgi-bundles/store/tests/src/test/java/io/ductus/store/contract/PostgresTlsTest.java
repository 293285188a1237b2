package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.connector.listener.tls.TestPki;
import io.ductus.core.config.DatabaseTls;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's own PostgreSQL connection over TLS with sslmode=verify-full against an embedded server configured for
 * TLS: the server's certificate checked against the CA given (a file, or a CA of resources.yaml named by
 * {@code tls_ca}) and its name against the host; a wrong CA or a name the certificate is not for refuses the
 * connection, saying why in our words and the driver's.
 */
class PostgresTlsTest {

    @TempDir
    static Path dir;

    private static PostgresTlsServer server;

    @BeforeAll
    static void start() throws Exception {
        server = PostgresTlsServer.start(dir);
        Files.writeString(dir.resolve("ca.pem"), PostgresTlsServer.CA.chainPem());
        Files.writeString(dir.resolve("other-ca.pem"), TestPki.ca("Other CA").chainPem());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    private static String url(String host, String ca) {
        return server.url(host, "sslmode=verify-full&sslrootcert=" + dir.resolve(ca));
    }

    /** As the launcher puts resources.yaml's entries in: {@code tls_ca=NAME} becomes the entry's file. */
    private static String named(String host, String name) {
        Map<String, Path> entries = Map.of("db-ca", dir.resolve("ca.pem"), "other-ca", dir.resolve("other-ca.pem"));
        return DatabaseTls.resolve(server.url(host, "tls_ca=" + name), n -> entries.get(n).toString());
    }

    @Test
    void theStoreConnectsWithVerifyFullWhenTheCaAndTheNameAgree() throws Exception {
        try (JdbcStore store = PostgresStores.open(url("localhost", "ca.pem"))) {
            store.ping();
            assertThat(server.tlsConnections("ductus")).as("the store's connections are TLS").isPositive();
        }
    }

    @Test
    void aCaOfResourcesYamlNamedByTlsCaIsVerifiedFull() throws Exception {
        assertThat(named("localhost", "db-ca")).contains("sslmode=verify-full").doesNotContain("tls_ca");
        try (JdbcStore store = PostgresStores.open(named("localhost", "db-ca"))) {
            store.ping();
            assertThat(server.tlsConnections("ductus")).isPositive();
        }
    }

    @Test
    void anotherCaOrAnotherNameIsRefusedSayingWhy() {
        assertThatThrownBy(() -> PostgresStores.open(named("localhost", "other-ca")).close()).isInstanceOf(StoreException.class)
                .hasMessageContaining("TLS to the database refused: unknown CA: the certificate is not issued by a trusted CA"
                        + " (the driver: ").hasMessageContaining("PKIX");
        assertThatThrownBy(() -> PostgresStores.open(url("127.0.0.1", "ca.pem")).close()).isInstanceOf(StoreException.class)
                .hasMessageContaining("TLS to the database refused: name mismatch: the certificate is not for this host name"
                        + " (the driver: ").hasMessageContaining("127.0.0.1");
    }
}
