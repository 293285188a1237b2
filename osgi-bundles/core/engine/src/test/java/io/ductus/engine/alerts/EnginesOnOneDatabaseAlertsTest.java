package io.ductus.engine.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.file.FileConnectorFactory;
import io.ductus.connector.mllp.MllpConnectorFactory;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.core.health.Health;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.engine.health.HealthSnapshot;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.project.ProjectLoader;
import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.contract.PostgresServer;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Health and alerts of two real engines on one embedded PostgreSQL database (docs/engines.md, "What each engine
 * judges"): traffic received by one engine and delivered by the other raises nothing on either (the interface's
 * expectation sees the newest receipt of both, the destination is judged by the engine that delivers it), both
 * show the same health and which engine delivers; a receiver that is down is alerted once by its deliverer while
 * the other engine's rounds leave it alone; a source that cannot listen on one engine is that engine's alert, named
 * in the reason, which the other engine's rounds do not clear, and which that engine recovers once it listens. The engines keep real time for their work; their
 * judging clock is moved on by the test, which makes the rounds itself (check_every is an hour).
 */
class EnginesOnOneDatabaseAlertsTest {

    /** Real time moved on by what the test adds. */
    private static final class MovedClock extends Clock {
        final AtomicLong ahead = new AtomicLong();

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.now().plusMillis(ahead.get());
        }

        void add(Duration d) {
            ahead.addAndGet(d.toMillis());
        }
    }

    private record Engine(String name, Path folder, int adtPort, int labPort, JdbcStore store, EngineRuntime runtime) {
        String id() {
            return runtime.run().id();
        }

        boolean delivers(String interfaceName) {
            return runtime.run().owns(interfaceName);
        }

        HealthSnapshot snapshot() {
            return runtime.health().snapshot();
        }
    }

    @TempDir
    Path tmp;

    private final MovedClock clock = new MovedClock();
    private final List<Engine> engines = new ArrayList<>();
    private String url;
    private int closedPort;

    @AfterEach
    void stop() {
        for (Engine e : engines.reversed()) {
            e.runtime().stop();
            e.store().close();
        }
    }

    private Engine start(String name, ServerSocket takenAdtPort) throws IOException {
        Path folder = tmp.resolve(name);
        int adtPort = takenAdtPort != null ? takenAdtPort.getLocalPort() : freePort();
        int labPort = freePort();
        write(folder, "adt", """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                monitor: { active_within: { every: 1m } }
                destinations:
                  archive: { type: file, path: "out/{MSH-10}.hl7", fsync: false }
                """.formatted(adtPort));
        write(folder, "lab", """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                destinations:
                  out: { type: mllp, connect: 127.0.0.1:%d }
                """.formatted(labPort, closedPort));
        Files.writeString(folder.resolve("project/ductus.yaml"), """
                alerts:
                  channels:
                    hook: { type: webhook, url: "http://127.0.0.1:%d/hook" }
                  rules:
                    all: { states: [stopped, stalled, error, silent, behind], notify: hook, hold: 0s }
                  check_every: 1h
                  group: 1h
                """.formatted(closedPort));
        JdbcStore store = PostgresStores.open(url);
        EngineRuntime runtime = EngineRuntime.start(ProjectLoader.read(folder.resolve("project")), folder.resolve("project"),
                TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory()), store, clock, folder.resolve("data"),
                new EngineMetrics(), new EventHub());
        Engine engine = new Engine(name, folder, adtPort, labPort, store, runtime);
        engines.add(engine);
        return engine;
    }

    /** Two engines, a first and b, each interface delivered by one of them (whichever the claims gave it). */
    private void twoEngines(ServerSocket takenOnB) throws Exception {
        closedPort = freePort();
        url = PostgresServer.newDatabase("engines_alerts");
        start("a", null);
        start("b", takenOnB);
        until(() -> engines.stream().allMatch(e -> e.delivers("adt") != e.delivers("lab"))
                && engines.stream().filter(e -> e.delivers("adt")).count() == 1, "each engine delivers one of the two interfaces");
        // Past the first minute, in which states that need watching are not alerted on.
        clock.add(Duration.ofMinutes(2));
    }

    private Engine deliverer(String interfaceName) {
        return engines.stream().filter(e -> e.delivers(interfaceName)).findFirst().orElseThrow();
    }

    private Engine other(Engine e) {
        return engines.get(0) == e ? engines.get(1) : engines.get(0);
    }

    /** Both engines save their moves and judge, one after the other, as their threads would. */
    private void rounds(int times, Duration between) {
        for (int i = 0; i < times; i++) {
            for (Engine e : engines) e.runtime().health().tick();
            for (Engine e : engines) e.runtime().alerts().judge();
            clock.add(between);
        }
    }

    private List<AlertRecord> open(JdbcStore store) {
        return store.alerts().alerts().stream().filter(a -> !a.status().equals("ok")).toList();
    }

    @Test
    void traffic_received_by_one_engine_and_delivered_by_the_other_raises_nothing_and_both_show_the_same_health() throws Exception {
        twoEngines(null);
        Engine deliverer = deliverer("adt");
        Engine receiver = other(deliverer);
        // Senders use the engine that does not deliver adt: the deliverer receives nothing itself.
        for (int i = 1; i <= 5; i++) assertThat(send(receiver.adtPort(), "M" + i)).isEqualTo(AckCode.AA);
        until(() -> files(deliverer).size() == 5, "the deliverer delivered all five");

        rounds(4, Duration.ofSeconds(10));

        assertThat(open(deliverer.store())).as("no alert on either engine's rounds").isEmpty();
        HealthSnapshot.InterfaceHealth there = deliverer.snapshot().find("adt").orElseThrow();
        HealthSnapshot.InterfaceHealth here = receiver.snapshot().find("adt").orElseThrow();
        assertThat(there.own().state()).as(there.own().reason()).isEqualTo(Health.State.OK);
        assertThat(here.own().state()).as(here.own().reason()).isEqualTo(Health.State.OK);
        assertThat(here.destinations().get(0).health().health().state()).isEqualTo(Health.State.OK);
        assertThat(there.deliveredBy()).isEqualTo(deliverer.id());
        assertThat(here.deliveredBy()).isEqualTo(deliverer.id());
        assertThat(here.deliveredHere()).isFalse();
        assertThat(there.lastReceived()).as("the newest receipt of any engine").isNotNull();
        assertThat(here.destinations().get(0).lastFinished()).as("the deliverer's last finish").isNotNull();
        assertThat(receiver.snapshot().byTarget().get("adt")).isEqualTo(deliverer.snapshot().byTarget().get("adt"));
        assertThat(receiver.snapshot().byTarget().get("adt/archive")).isEqualTo(deliverer.snapshot().byTarget().get("adt/archive"));

        // A minute and more without a message: silent on both, and one notice of it.
        rounds(8, Duration.ofSeconds(15));
        assertThat(deliverer.snapshot().find("adt").orElseThrow().own().state()).isEqualTo(Health.State.SILENT);
        assertThat(receiver.snapshot().find("adt").orElseThrow().own().state()).isEqualTo(Health.State.SILENT);
        assertThat(kinds(deliverer.store(), "adt")).containsExactly("fired");
        assertThat(whats(deliverer.store(), "adt")).doesNotContain("cleared", "recovered", "reopened");
    }

    @Test
    void a_receiver_that_is_down_is_alerted_once_by_the_engine_that_delivers_and_left_alone_by_the_other() throws Exception {
        twoEngines(null);
        Engine deliverer = deliverer("lab");
        Engine receiver = other(deliverer);
        for (int i = 1; i <= 3; i++) assertThat(send(receiver.labPort(), "L" + i)).isEqualTo(AckCode.AA);
        until(() -> deliverer.snapshot().find("lab").orElseThrow().destinations().get(0).health().health().state() == Health.State.ERROR,
                "the deliverer's connector reports the receiver down");

        // Error at once, stalled after a minute: the deliverer's rounds tell it once; the other engine's hold it.
        rounds(10, Duration.ofSeconds(15));

        HealthSnapshot.DestinationView there = deliverer.snapshot().find("lab").orElseThrow().destinations().get(0);
        HealthSnapshot.DestinationView here = receiver.snapshot().find("lab").orElseThrow().destinations().get(0);
        assertThat(there.health().health().state()).isEqualTo(Health.State.STALLED);
        assertThat(here.health().health().state()).as("the same judgement from the facts the engines share").isEqualTo(Health.State.STALLED);
        assertThat(receiver.snapshot().find("lab").orElseThrow().deliveredBy()).isEqualTo(deliverer.id());
        assertThat(kinds(deliverer.store(), "lab/out")).containsExactly("fired");
        assertThat(whats(deliverer.store(), "lab/out")).doesNotContain("cleared", "recovered", "reopened");
        AlertRecord alert = deliverer.store().alerts().alerts().stream().filter(a -> a.target().equals("lab/out")).findFirst().orElseThrow();
        assertThat(alert.status()).isEqualTo("firing");
        // Nothing false on lab itself, nor on adt, which nobody sent to (watched for only two minutes: silent is true there).
        assertThat(open(deliverer.store()).stream().map(AlertRecord::target)).doesNotContain("lab");
    }

    @Test
    void a_source_that_cannot_listen_on_one_engine_is_that_engines_alert_and_the_other_does_not_clear_it() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            twoEngines(taken);
            Engine b = engines.get(1);
            until(() -> b.snapshot().find("adt").orElseThrow().own().state() == Health.State.ERROR, "b's adt source reports the port taken");
            // Messages keep arriving through a, so adt is not silent.
            for (int i = 0; i < 6; i++) {
                assertThat(send(engines.get(0).adtPort(), "A" + i)).isEqualTo(AckCode.AA);
                rounds(1, Duration.ofSeconds(15));
            }
            AlertRecord alert = b.store().alerts().alerts().stream().filter(a -> a.target().equals("adt")).findFirst().orElseThrow();
            assertThat(alert.status()).isEqualTo("firing");
            assertThat(alert.reason()).startsWith("on engine " + b.id() + ": source:");
            assertThat(kinds(b.store(), "adt")).containsExactly("fired");
            assertThat(whats(b.store(), "adt")).doesNotContain("cleared", "recovered", "reopened");
            assertThat(engines.get(0).snapshot().find("adt").orElseThrow().own().state()).isEqualTo(Health.State.OK);
        }
        // The port is free: b listens, says so, and the alert recovers once it settled.
        Engine b = engines.get(1);
        until(() -> b.snapshot().find("adt").orElseThrow().own().state() == Health.State.OK, "b's adt source listens");
        for (int i = 0; i < 12; i++) {
            assertThat(send(engines.get(0).adtPort(), "B" + i)).isEqualTo(AckCode.AA);
            rounds(1, Duration.ofSeconds(15));
        }
        // (No one was told of it: the fired notice still waited for its group (1 h, past this test's moved clock) and
        // is cancelled, so no recovery notice is made; its history says it. With the group's 30 s the outbox's thread
        // tried the hook as the clock moved, and a recovery judged while an attempt held its lease counted the hook as
        // maybe told, rightly, and made a recovery notice: this test failed now and then under load.)
        assertThat(whats(b.store(), "adt")).as(history(b.store(), "adt").toString()).containsExactly("fired", "recovered");
        assertThat(kinds(b.store(), "adt")).containsExactly("fired");
    }

    private static List<String> kinds(JdbcStore store, String target) {
        return store.alerts().notifications(null, null, 1000).stream().filter(n -> target.equals(n.target()))
                .sorted(java.util.Comparator.comparingLong(NotificationRecord::id)).map(NotificationRecord::kind).toList();
    }

    private static List<String> whats(JdbcStore store, String target) {
        return history(store, target).stream().map(AlertEventRecord::what).toList();
    }

    private static List<AlertEventRecord> history(JdbcStore store, String target) {
        return store.alerts().history(null, null, 1000).stream().filter(e -> e.target().equals(target))
                .sorted(java.util.Comparator.comparingLong(AlertEventRecord::id)).toList();
    }

    private static void write(Path folder, String name, String yaml) throws IOException {
        Path dir = folder.resolve("project/interfaces").resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("interface.yaml"), yaml);
    }

    private static List<Path> files(Engine e) {
        Path out = e.folder().resolve("data/out");
        if (!Files.isDirectory(out)) return List.of();
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".hl7")).toList();
        } catch (IOException ex) {
            return List.of();
        }
    }

    private static AckCode send(int port, String controlId) throws IOException {
        String message = "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + controlId + "|P|2.5\rPID|1||P1\r";
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.ISO_8859_1)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void until(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError(what + ": not within 30 s");
            Thread.sleep(20);
        }
    }
}
