package io.ductus.engine.services;

import io.ductus.core.project.DatabaseResource;
import io.ductus.core.project.SecretRef;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptServices;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.testkit.DestinationContract;
import io.ductus.sdk.testkit.TestMessages;
import io.ductus.store.contract.PostgresServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;

/**
 * The database destination passes the destination contract on a real PostgreSQL server: each sample
 * message is a JSON object whose row, read back and written as JSON again, gives the same bytes; the peer
 * becomes unavailable when its database is dropped.
 */
class DatabaseWriterContractTest extends DestinationContract {

    private String database;
    private EngineServices engineServices;
    private ScriptServices sql;

    @Override
    protected ConnectorFactory factory() {
        if (engineServices == null) open();
        return engineServices.databaseType();
    }

    @Override
    protected Map<String, Object> destinationSettings() {
        sql.execute("lab", "create table received (n bigint not null, body text not null)", List.of());
        return Map.of("database", "lab", "statement", "insert into received (n, body) values (:n, :body)", "timeout", "5s");
    }

    @Override
    protected OutboundMessage sampleMessage(int n) {
        return TestMessages.outbound(n, row(n, "result " + n).getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                Instant.EPOCH, Map.of());
    }

    @Override
    protected List<byte[]> receivedByPeer() {
        return sql.query("lab", "select n, body from received order by n", List.of()).stream()
                .map(r -> row((Long) r.get("n"), (String) r.get("body")).getBytes(StandardCharsets.UTF_8)).toList();
    }

    @Override
    protected void makePeerUnavailable() throws Exception {
        String admin = PostgresServer.newDatabase("admin");
        java.net.URI uri = java.net.URI.create(admin);
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath(),
                "postgres", "postgres"); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE " + database + " WITH (FORCE)");
        }
    }

    @AfterEach
    void closeServices() {
        engineServices.close();
    }

    private static String row(long n, String body) {
        return "{\"n\":" + n + ",\"body\":\"" + body + "\"}";
    }

    private void open() {
        try {
            String url = PostgresServer.newDatabase("writer_contract").replace("postgres:postgres@", "");
            database = url.substring(url.lastIndexOf('/') + 1);
            Path project = Files.createTempDirectory("ductus-writer");
            Path data = project.resolve("data");
            SecretsFile.createKey(data);
            Path secrets = SecretsFile.path(project, "production");
            SecretsFile.open(secrets, Optional.empty(), data).put("PG_PASSWORD", "postgres");
            engineServices = new EngineServices(Map.of("lab", new DatabaseResource("lab", url, Optional.of("postgres"),
                    Optional.of(new SecretRef("PG_PASSWORD")), 2)), project, Map.of(), name -> null,
                    () -> SecretsFile.open(secrets, Optional.empty(), data));
            sql = engineServices.forInterface(Duration.ofSeconds(5));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
