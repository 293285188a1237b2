package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.file.FileConnectorFactory;
import io.ductus.connector.mllp.MllpConnectorFactory;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.project.ProjectLoader;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.Hl7Header;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime end to end inside one JVM: a real SQLite store, the real MLLP and file connectors, a
 * receiver on a real socket. Pause, resume, drain and waiting for a connector type.
 */
class InterfaceManagerTest {

    @TempDir
    Path tmp;

    private int listenPort;
    private ServerSocket receiver;
    private final List<String> received = new CopyOnWriteArrayList<>();
    private JdbcStore store;
    private EngineRuntime runtime;

    @BeforeEach
    void project() throws IOException {
        listenPort = freePort();
        receiver = new ServerSocket(0);
        Thread.ofVirtual().start(this::receive);
        Path folder = tmp.resolve("project/interfaces/adt");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                ordering: { key: PID-3.1, partitions: 4 }
                destinations:
                  archive: { type: file, path: "out/{MSH-10}-{id}.hl7", fsync: false }
                  lab: { type: mllp, connect: 127.0.0.1:%d, ack_timeout: 2s }
                """.formatted(listenPort, receiver.getLocalPort()));
        store = SqliteStores.open(tmp.resolve("data/ductus.db"));
    }

    @AfterEach
    void close() throws Exception {
        if (runtime != null) runtime.stop();
        receiver.close();
        store.close();
    }

    @Test
    void acknowledges_after_storing_and_delivers_to_every_destination() throws Exception {
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));

        assertThat(send("M1", "P1")).isEqualTo(AckCode.AA);

        waitUntil(() -> received.size() == 1);
        assertThat(received.get(0)).contains("|M1|");
        // The file destination delivers on a worker of its own: as soon as it can, not before the other one.
        waitUntil(() -> Files.exists(tmp.resolve("data/out/M1-1.hl7")));
        assertThat(Files.readString(tmp.resolve("data/out/M1-1.hl7"))).isEqualTo(message("M1", "P1"));
    }

    @Test
    void a_paused_destination_holds_its_messages_while_the_others_go_on() throws Exception {
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        assertThat(runtime.interfaces().pause("adt", "lab")).isEqualTo(InterfaceManager.Change.DONE);

        for (int i = 1; i <= 3; i++) assertThat(send("M" + i, "P1")).isEqualTo(AckCode.AA);
        waitUntil(() -> Files.exists(tmp.resolve("data/out/M3-3.hl7")));
        Thread.sleep(300);
        assertThat(received).isEmpty();
        assertThat(runtime.interfaces().states().get(0).destinations()).filteredOn(d -> d.name().equals("lab"))
                .singleElement().satisfies(d -> assertThat(d.paused()).isTrue());

        runtime.interfaces().resume("adt", "lab");
        waitUntil(() -> received.size() == 3);
        assertThat(received).extracting(m -> Hl7Header.read(m.getBytes(StandardCharsets.ISO_8859_1)).controlId().orElseThrow())
                .containsExactly("M1", "M2", "M3");
    }

    @Test
    void a_pause_holds_across_a_restart_of_the_engine_until_resumed() throws Exception {
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        runtime.interfaces().pause("adt", "lab");
        assertThat(send("M1", "P1")).isEqualTo(AckCode.AA);
        runtime.stop();

        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        assertThat(runtime.interfaces().state("adt").orElseThrow().destinations()).filteredOn(d -> d.name().equals("lab"))
                .singleElement().satisfies(d -> assertThat(d.paused()).isTrue());
        assertThat(send("M2", "P1")).isEqualTo(AckCode.AA);
        waitUntil(() -> Files.exists(tmp.resolve("data/out/M2-2.hl7")));
        Thread.sleep(300);
        assertThat(received).isEmpty();
        assertThat(runtime.interfaces().pause("adt", "lab")).isEqualTo(InterfaceManager.Change.ALREADY);

        assertThat(runtime.interfaces().resume("adt", "lab")).isEqualTo(InterfaceManager.Change.DONE);
        waitUntil(() -> received.size() == 2);
        runtime.stop();
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        assertThat(runtime.interfaces().state("adt").orElseThrow().destinations()).noneMatch(InterfaceManager.DestinationState::paused);
    }

    @Test
    void draining_closes_the_listener_and_finishes_what_is_pending() throws Exception {
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        runtime.interfaces().pause("adt", "lab");
        assertThat(send("M1", "P1")).isEqualTo(AckCode.AA);
        assertThat(send("M2", "P2")).isEqualTo(AckCode.AA);

        runtime.interfaces().drain();
        assertThat(send("M3", "P3")).as("nothing listens while draining").isNull();
        assertThat(runtime.interfaces().states().get(0).state()).isEqualTo("draining");
        runtime.interfaces().resume("adt", "lab");
        waitUntil(() -> received.size() == 2);

        runtime.interfaces().undrain();
        assertThat(send("M4", "P4")).isEqualTo(AckCode.AA);
        waitUntil(() -> received.size() == 3);
    }

    @Test
    void refuses_bad_connector_settings_with_file_line_and_field() throws Exception {
        Path file = tmp.resolve("project/interfaces/adt/interface.yaml");
        Files.writeString(file, Files.readString(file).replace("ack_timeout: 2s", "ack_timeout: soon"));
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));

        InterfaceManager.InterfaceState adt = runtime.interfaces().states().get(0);
        assertThat(adt.state()).isEqualTo(InterfaceManager.NOT_LOADED);
        assertThat(adt.problems()).singleElement().asString()
                .startsWith("interfaces/adt/interface.yaml:6:61: ").contains("destinations.lab.ack_timeout").contains("'soon'");
        assertThat(adt.reason()).contains(adt.problems().get(0));
    }

    @Test
    void an_interface_waits_for_a_missing_connector_type_and_starts_when_it_arrives() throws Exception {
        ConnectorRegistry registry = TestRegistries.with(new MllpConnectorFactory());
        start(registry);
        assertThat(runtime.interfaces().states().get(0).state()).isEqualTo("stopped");
        assertThat(runtime.interfaces().states().get(0).reason()).isEqualTo("waiting for connector type 'file'");
        assertThat(send("M1", "P1")).isNull();

        FileConnectorFactory file = new FileConnectorFactory();
        var ref = TestRegistries.add(registry, file);
        assertThat(runtime.interfaces().states().get(0).state()).isEqualTo("running");
        assertThat(send("M1", "P1")).isEqualTo(AckCode.AA);

        TestRegistries.remove(registry, file, ref);
        assertThat(runtime.interfaces().states().get(0).reason()).isEqualTo("waiting for connector type 'file'");
        assertThat(send("M2", "P1")).as("the listener closed with the interface").isNull();
    }

    @Test
    void a_listener_whose_port_is_taken_is_not_listening_says_why_and_starts_once_the_port_is_free() throws Exception {
        try (ServerSocket squatter = new ServerSocket()) {
            squatter.setReuseAddress(false);
            squatter.bind(new InetSocketAddress("127.0.0.1", listenPort));
            start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
            InterfaceManager.InterfaceState adt = runtime.interfaces().state("adt").orElseThrow();
            assertThat(adt.state()).isEqualTo(InterfaceManager.NOT_LISTENING);
            assertThat(adt.reason()).isEqualTo("address in use: cannot listen on 127.0.0.1:" + listenPort);
            assertThat(adt.runs()).as("its destinations go on with what is stored").isTrue();
        }
        waitUntil(() -> runtime.interfaces().state("adt").orElseThrow().state().equals("running"), Duration.ofSeconds(20));
        assertThat(send("M1", "P1")).isEqualTo(AckCode.AA);
        waitUntil(() -> received.size() == 1);
    }

    @Test
    void an_interface_whose_code_does_not_load_is_not_loaded_with_the_file_and_line() throws Exception {
        Files.writeString(tmp.resolve("project/interfaces/adt/transform.js"), "export function transform(msg) {\n  return msg +;\n}\n");
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        InterfaceManager.InterfaceState adt = runtime.interfaces().state("adt").orElseThrow();
        assertThat(adt.state()).isEqualTo(InterfaceManager.NOT_LOADED);
        assertThat(adt.problems()).containsExactly("interfaces/adt/transform.js:2:14: SyntaxError: Expected an operand but found ;");
        assertThat(send("M1", "P1")).as("nothing listens: nothing is acknowledged and then quarantined").isNull();
    }

    @Test
    void a_destination_without_transform_gets_the_payload_unchanged_when_the_code_exports_no_transform() throws Exception {
        Path yaml = tmp.resolve("project/interfaces/adt/interface.yaml");
        Files.writeString(yaml, Files.readString(yaml).replace("ack_timeout: 2s }", "ack_timeout: 2s, transform: toLab }"));
        Files.writeString(tmp.resolve("project/interfaces/adt/transform.js"),
                "export function toLab(msg) { msg.set('MSH-5', 'LAB'); return msg; }\n");
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));

        assertThat(send("M1", "P1")).isEqualTo(AckCode.AA);
        waitUntil(() -> received.size() == 1 && Files.exists(tmp.resolve("data/out/M1-1.hl7")));
        assertThat(Files.readString(tmp.resolve("data/out/M1-1.hl7"))).isEqualTo(message("M1", "P1"));
        assertThat(received.get(0)).startsWith("MSH|^~\\&|T|F|LAB|");
    }

    @Test
    void a_folder_with_problems_is_listed_as_not_loaded_with_every_problem() throws Exception {
        Path broken = Files.createDirectories(tmp.resolve("project/interfaces/broken"));
        Files.writeString(broken.resolve("interface.yaml"), "source: { type: mllp, listen: 127.0.0.1:0 }\nformat: hl8\ncolour: blue\n");
        start(TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()));
        assertThat(runtime.interfaces().configured()).isEqualTo(2);
        InterfaceManager.InterfaceState state = runtime.interfaces().state("broken").orElseThrow();
        assertThat(state.state()).isEqualTo(InterfaceManager.NOT_LOADED);
        assertThat(state.problems()).hasSizeGreaterThanOrEqualTo(2).allMatch(p -> p.startsWith("interfaces/broken/interface.yaml:"));
        assertThat(runtime.interfaces().state("adt").orElseThrow().state()).isEqualTo("running");
    }

    private void start(ConnectorRegistry registry) throws IOException {
        runtime = EngineRuntime.start(ProjectLoader.read(tmp.resolve("project")), tmp.resolve("project"), registry, store, Clock.systemUTC(),
                tmp.resolve("data"), new EngineMetrics(), new EventHub());
    }

    private static String message(String controlId, String patient) {
        return "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + controlId + "|P|2.5\rPID|1||" + patient + "\r";
    }

    /** The ACK code, or null when nothing listens. */
    private AckCode send(String controlId, String patient) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", listenPort), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message(controlId, patient).getBytes(StandardCharsets.ISO_8859_1)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        } catch (ConnectException e) {
            return null;
        }
    }

    private void receive() {
        while (!receiver.isClosed()) {
            try {
                Socket s = receiver.accept();
                Thread.ofVirtual().start(() -> {
                    try (s) {
                        InputStream in = s.getInputStream();
                        while (true) {
                            byte[] m = MllpFraming.readFrame(in, 1 << 20);
                            received.add(new String(m, StandardCharsets.ISO_8859_1));
                            s.getOutputStream().write(MllpFraming.frame(Hl7Ack.build(Hl7Header.read(m), AckCode.AA, "", "R",
                                    ZonedDateTime.now())));
                        }
                    } catch (IOException e) {
                        // connection closed
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        waitUntil(condition, Duration.ofSeconds(10));
    }

    private static void waitUntil(BooleanSupplier condition, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within " + limit.toSeconds() + " s");
            Thread.sleep(10);
        }
    }
}
