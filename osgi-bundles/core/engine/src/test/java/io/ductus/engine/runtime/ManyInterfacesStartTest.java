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
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start with 1,001 interfaces reads the queues once, not once per worker (4,004 workers here): only the
 * workers of queues with deliveries pending read theirs at start, and those deliveries go at once; the others
 * read nothing until a commit wakes them.
 */
class ManyInterfacesStartTest {

    private static final int FEEDS = 1000;

    @TempDir
    Path tmp;

    private final AtomicInteger queueReads = new AtomicInteger();
    /** Reads after this moment ({@link System#nanoTime}) are not counted. */
    private volatile long countReadsUntil = System.nanoTime() + Long.MAX_VALUE / 2;
    private JdbcStore real;
    private EngineRuntime runtime;
    private int port;

    @AfterEach
    void close() {
        if (runtime != null) runtime.stop();
        if (real != null) real.close();
    }

    @Test
    void the_start_reads_only_the_queues_with_deliveries_pending() throws Exception {
        project();

        // A first run leaves one delivery pending (its destination paused), then stops.
        start();
        runtime.interfaces().pause("ingest", "archive");
        assertThat(send("LEFT")).isEqualTo(AckCode.AA);
        runtime.stop();
        runtime = null;
        real.setPaused(new DestinationRef("ingest", "archive"), false, System.currentTimeMillis(), null);

        queueReads.set(0);
        // The workers' safety-net polls come at the earliest this long after the start began (their waits are drawn between
        // SAFETY_POLL_MIN_MS and SAFETY_POLL_MS); a run slowed down by other
        // work on the machine may reach them (1,050 reads were counted once at load 15-25), and they are no start's reads.
        countReadsUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SlotWorker.SAFETY_POLL_MIN_MS);
        start();
        waitUntil(() -> Files.exists(tmp.resolve("data/out/LEFT.hl7")));
        assertThat(send("NEW")).isEqualTo(AckCode.AA);
        waitUntil(() -> Files.exists(tmp.resolve("data/out/NEW.hl7")));
        assertThat(queueReads.get()).as("queue reads of 4,004 workers' start and two deliveries, before any safety-net poll").isLessThanOrEqualTo(20);
    }

    /**
     * A claim round that claims interfaces (a share taken from running engines, a dead engine's taken over) wakes only
     * the workers of queues with deliveries pending: woken all, 333 claimed interfaces queued some 700 reads on the
     * connection pool, and a strict intake behind them gave up after the pool's 10 s (its sender answered AE).
     */
    @Test
    void a_claim_round_reads_only_the_claimed_queues_with_deliveries_pending() throws Exception {
        project();
        start();
        assertThat(send("FIRST")).isEqualTo(AckCode.AA);
        waitUntil(() -> Files.exists(tmp.resolve("data/out/FIRST.hl7")));

        queueReads.set(0);
        countReadsUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SlotWorker.SAFETY_POLL_MIN_MS);
        runtime.interfaces().claimedInRound(runtime.interfaces().queued());
        assertThat(send("AFTER")).isEqualTo(AckCode.AA);
        waitUntil(() -> Files.exists(tmp.resolve("data/out/AFTER.hl7")));
        assertThat(queueReads.get()).as("queue reads after a claim of 1,001 interfaces with nothing pending, and one delivery")
                .isLessThanOrEqualTo(10);
    }

    /** One MLLP interface and {@link #FEEDS} internal ones, each with a file destination, on a SQLite store. */
    private void project() throws Exception {
        port = freePort();
        write("ingest", """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                ordering: { key: PID-3.1, partitions: 8 }
                destinations:
                  archive: { type: file, path: "out/{MSH-10}.hl7", fsync: false }
                """.formatted(port));
        for (int i = 1; i <= FEEDS; i++) {
            write("feed-%04d".formatted(i), """
                    source: internal
                    format: hl7
                    ordering: { key: PID-3.1, partitions: 8 }
                    destinations:
                      archive: { type: file, path: "feeds/{interface}/{id}.hl7", fsync: false }
                    """);
        }
        real = SqliteStores.open(tmp.resolve("data/ductus.db"));
    }

    private void start() throws IOException {
        ConnectorRegistry registry = TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory());
        runtime = EngineRuntime.start(ProjectLoader.read(tmp.resolve("project")), tmp.resolve("project"), registry, counting(),
                Clock.systemUTC(), tmp.resolve("data"), new EngineMetrics(), new EventHub());
        assertThat(runtime.interfaces().states()).hasSize(FEEDS + 1)
                .allSatisfy(s -> assertThat(s.state()).as(s.name() + ": " + s.reason()).isEqualTo("running"));
    }

    /** The store, its queue reads ({@link Store#pending}) counted. */
    private Store counting() {
        return (Store) Proxy.newProxyInstance(Store.class.getClassLoader(), new Class<?>[]{Store.class}, (proxy, m, args) -> {
            if (m.getName().equals("pending") && System.nanoTime() - countReadsUntil < 0) queueReads.incrementAndGet();
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    private void write(String name, String yaml) throws IOException {
        Path folder = Files.createDirectories(tmp.resolve("project/interfaces").resolve(name));
        Files.writeString(folder.resolve("interface.yaml"), yaml);
    }

    private AckCode send(String controlId) throws IOException {
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

    /** Polls to a deadline below the workers' earliest safety-net poll (20 s): a worker not woken at start would miss it. */
    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 15 s");
            Thread.sleep(10);
        }
    }
}
