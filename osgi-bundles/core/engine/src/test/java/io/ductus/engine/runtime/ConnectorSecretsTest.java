package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.ductus.connector.http.HttpConnectorFactory;
import io.ductus.connector.mllp.MllpConnectorFactory;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.project.ProjectLoader;
import io.ductus.project.SecretsFile;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ${secret:NAME} in connector settings: the project keeps the reference, the connector gets the value from
 * the encrypted secrets file as it starts (a real HTTP destination sending to a real server here).
 */
class ConnectorSecretsTest {

    @TempDir
    Path tmp;

    private HttpServer receiver;
    private JdbcStore store;
    private EngineRuntime runtime;

    @AfterEach
    void close() {
        if (runtime != null) runtime.stop();
        if (receiver != null) receiver.stop(0);
        if (store != null) store.close();
    }

    @Test
    void a_connector_gets_the_secret_where_the_project_names_it() throws Exception {
        BlockingQueue<String> authorizations = new LinkedBlockingQueue<>();
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/lab", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        int listen = freePort();
        Path project = tmp.resolve("project");
        Path data = tmp.resolve("data");
        Files.createDirectories(project.resolve("interfaces/adt"));
        Files.writeString(project.resolve("interfaces/adt/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  lab:
                    type: http
                    url: http://127.0.0.1:%d/lab
                    headers: "Authorization: Bearer ${secret:LAB_TOKEN}"
                """.formatted(listen, receiver.getAddress().getPort()));
        SecretsFile.createKey(data);
        SecretsFile.open(SecretsFile.path(project, SecretsFile.environment(System::getenv)), Optional.empty(), data)
                .put("LAB_TOKEN", "s3cr3t-token");
        store = SqliteStores.open(data.resolve("ductus.db"));
        runtime = EngineRuntime.start(ProjectLoader.read(project), project, TestRegistries.with(new MllpConnectorFactory(),
                new HttpConnectorFactory()), store, Clock.systemUTC(), data, new EngineMetrics(), new EventHub());

        assertThat(send(listen)).isEqualTo(AckCode.AA);

        assertThat(authorizations.poll(10, TimeUnit.SECONDS)).isEqualTo("Bearer s3cr3t-token");
        assertThat(Files.readString(project.resolve("interfaces/adt/interface.yaml"))).doesNotContain("s3cr3t");
    }

    private static AckCode send(int port) throws Exception {
        String message = "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|S1|P|2.5\rPID|1||P1\r";
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.ISO_8859_1)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
