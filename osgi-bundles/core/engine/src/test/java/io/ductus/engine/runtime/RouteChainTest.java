package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.file.FileConnectorFactory;
import io.ductus.connector.mllp.MllpConnectorFactory;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.project.LoadedProject;
import io.ductus.project.ProjectLoader;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routes end to end inside one JVM on a real SQLite store: interface a (MLLP) routes to b, b to c
 * (both {@code source: internal}), c writes files. Each hop stores each message once.
 */
class RouteChainTest {

    private static final int MESSAGES = 40;

    @TempDir
    Path tmp;

    private int listenPort;
    private JdbcStore store;
    private EngineRuntime runtime;

    @BeforeEach
    void project() throws IOException {
        listenPort = freePort();
        write("a", """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                ordering: { key: PID-3.1, partitions: 4 }
                destinations:
                  to-b: { type: interface, interface: b }
                """.formatted(listenPort));
        write("b", """
                source: internal
                format: hl7
                ordering: { key: PID-3.1, partitions: 8 }
                destinations:
                  to-c: { type: interface, interface: c }
                """);
        write("c", """
                source: internal
                format: hl7
                dedupe: MSH-10
                destinations:
                  archive: { type: file, path: "out/{MSH-10}-{id}.hl7", fsync: false }
                """);
        store = SqliteStores.open(tmp.resolve("data/ductus.db"));
    }

    @AfterEach
    void close() {
        if (runtime != null) runtime.stop();
        store.close();
    }

    @Test
    void a_chain_of_routes_stores_each_message_once_per_hop_and_delivers_it_at_the_end() throws Exception {
        start();
        for (int i = 1; i <= MESSAGES; i++) assertThat(send("M" + i, "P" + (i % 7))).isEqualTo(AckCode.AA);

        waitUntil(() -> files().size() == MESSAGES);
        waitUntil(() -> pendingMessages() == 0);
        assertThat(messagesPerInterface()).isEqualTo(Map.of("a", (long) MESSAGES, "b", (long) MESSAGES, "c", (long) MESSAGES));
        assertThat(files()).hasSize(MESSAGES);
        String first = Files.readString(files().stream().filter(f -> f.getFileName().toString().startsWith("M1-")).findFirst().orElseThrow());
        assertThat(first).as("without transform.js the payload passes every hop byte for byte").isEqualTo(message("M1", "P1"));
    }

    @Test
    void a_routed_message_says_where_it_came_from_and_gets_the_target_keys_and_lane() throws Exception {
        start();
        assertThat(send("M1", "P42")).isEqualTo(AckCode.AA);
        waitUntil(() -> files().size() == 1);

        MessageSummary a = newest("a");
        MessageSummary b = newest("b");
        MessageSummary c = newest("c");
        MessageDetail bDetail = store.message(b.id()).orElseThrow();
        assertThat(bDetail.sourceInfo()).isEqualTo("destination=to-b interface=a message=" + a.id());
        assertThat(store.message(c.id()).orElseThrow().sourceInfo()).isEqualTo("destination=to-c interface=b message=" + b.id());
        assertThat(b.orderingKey()).isEqualTo("P42");
        assertThat(b.lane()).as("b hashes the key to its own 8 lanes").isEqualTo(io.ductus.core.lane.Lanes.laneOf("P42", 8));
        assertThat(c.dedupeKey()).isEqualTo("M1");
        waitUntil(() -> statusOf(a.id()) == MessageStatus.SENT && statusOf(b.id()) == MessageStatus.SENT);
    }

    @Test
    void the_target_interface_dedupe_stores_a_repeat_for_audit_and_delivers_it_once() throws Exception {
        start();
        assertThat(send("SAME", "P1")).isEqualTo(AckCode.AA);
        assertThat(send("SAME", "P1")).isEqualTo(AckCode.AA);

        waitUntil(() -> pendingMessages() == 0);
        assertThat(messagesPerInterface()).containsEntry("c", 2L);
        assertThat(store.browse(MessageQuery.newest("c", 10)).messages()).extracting(MessageSummary::status)
                .containsExactlyInAnyOrder(MessageStatus.SENT, MessageStatus.DUPLICATE);
        assertThat(files()).hasSize(1);
    }

    @Test
    void routes_go_on_into_internal_interfaces_while_the_engine_drains() throws Exception {
        start();
        runtime.interfaces().pause("a", "to-b");
        for (int i = 1; i <= 5; i++) assertThat(send("M" + i, "P" + i)).isEqualTo(AckCode.AA);

        runtime.interfaces().drain();
        runtime.interfaces().resume("a", "to-b");

        waitUntil(() -> files().size() == 5);
        assertThat(messagesPerInterface()).containsEntry("c", 5L);
    }

    private void start() throws IOException {
        LoadedProject project = ProjectLoader.load(tmp.resolve("project"), ConnectorTypes.unknown());
        assertThat(project.problems()).isEmpty();
        ConnectorRegistry registry = TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory());
        runtime = EngineRuntime.start(ProjectLoader.read(tmp.resolve("project")), tmp.resolve("project"), registry, store,
                Clock.systemUTC(), tmp.resolve("data"), new EngineMetrics(), new EventHub());
        assertThat(runtime.interfaces().states()).allSatisfy(s -> assertThat(s.state()).as(s.name() + ": " + s.reason()).isEqualTo("running"));
    }

    private void write(String name, String yaml) throws IOException {
        Path folder = tmp.resolve("project/interfaces").resolve(name);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("interface.yaml"), yaml);
    }

    private MessageSummary newest(String interfaceName) {
        return store.browse(MessageQuery.newest(interfaceName, 1)).messages().get(0);
    }

    private MessageStatus statusOf(long id) {
        return store.message(id).orElseThrow().summary().status();
    }

    private List<Path> files() {
        Path out = tmp.resolve("data/out");
        if (!Files.isDirectory(out)) return List.of();
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".hl7")).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private Map<String, Long> messagesPerInterface() throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("data/ductus.db"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT interface_name, count(*) FROM messages GROUP BY interface_name")) {
            while (rs.next()) counts.put(rs.getString(1), rs.getLong(2));
        }
        return counts;
    }

    private long pendingMessages() {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("data/ductus.db"));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM messages WHERE status = 'pending'")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            return -1;
        }
    }

    private static String message(String controlId, String patient) {
        return "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + controlId + "|P|2.5\rPID|1||" + patient + "\r";
    }

    private AckCode send(String controlId, String patient) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", listenPort), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message(controlId, patient).getBytes(StandardCharsets.ISO_8859_1)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 15 s");
            Thread.sleep(10);
        }
    }
}
