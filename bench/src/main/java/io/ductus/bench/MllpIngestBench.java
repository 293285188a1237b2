package io.ductus.bench;

import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.sqlite.SqliteStores;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Strict MLLP ingest: {@code ductus serve} as a child process (an MLLP source, {@code durability: strict},
 * a file destination), the senders in this JVM, each waiting for its ACK before sending the next message.
 * Measured in one run, on one disk: the disk's fsync rate (the reference); messages acknowledged per
 * second with 1 and 16 connections on SQLite and on PostgreSQL (embedded, fsync on, synchronous commits);
 * latency from send to file written at a steady 500 msg/s; the engine's CPU time per message, MLLP in to
 * file out; SQLite's messages per store commit at 16 connections (from the writer's closing log line).
 */
final class MllpIngestBench implements BenchMain.Scenario {

    private static final Pattern STARTED = Pattern.compile("ductus started in (\\d+) ms");
    private static final Pattern WRITER = Pattern.compile("SQLite writer closed: (\\d+) commit\\(s\\) for (\\d+) write\\(s\\)");
    private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

    private Path root;
    private Path work;

    @Override
    public void run(Path root, boolean quick) throws Exception {
        this.root = root;
        this.work = Files.createTempDirectory(root.resolve("bench/target"), "mllp-ingest");
        double warmup = quick ? 1.5 : 3;
        int rounds = quick ? 3 : 8;
        long sliceMs = quick ? 500 : 1000;
        String loadBefore = LoadAverage.now();

        double fsync = FsyncProbe.perSecond(work, quick ? 2 : 5);
        System.out.printf("fsync rate of the disk under %s: %.0f/s%n", work, fsync);
        System.out.printf("each engine phase in %d rounds of %d ms slices, alternating with its references (the store alone in"
                + " this JVM, a bare MLLP echo server): figures are compared only within their own rounds%n", rounds, sliceMs);

        StoreAlone alone = new StoreAlone();
        Rate sqliteC1 = new Rate();
        Rate store1 = new Rate();
        Rate echoC1 = new Rate();
        Rate sqliteC16 = new Rate();
        Rate store16 = new Rate();
        List<Long> ackTrips = new ArrayList<>();
        List<Long> commitTrips = new ArrayList<>();
        long c16Stored;
        long[] commits;
        try (JdbcStore sqliteAlone = SqliteStores.open(work.resolve("alone/sqlite.db"))) {
            try (MllpEchoServer echoServer = MllpEchoServer.start();
                 Feed echo = new Feed(echoServer.port(), 1);
                 Engine e = Engine.start(root, work, "sqlite-c1", null, false);
                 Feed feed = new Feed(e.port, 1)) {
                feed.warm(warmup, 200);
                alone.slice(sqliteAlone, 1, sliceMs, null);
                echo.slice(sliceMs, null);
                for (int r = 0; r < rounds; r++) {
                    sqliteC1.time(ms -> feed.slice(ms, ackTrips), sliceMs);
                    store1.time(ms -> alone.slice(sqliteAlone, 1, ms, commitTrips), sliceMs);
                    echoC1.time(ms -> echo.slice(ms, null), sliceMs);
                }
            }
            Engine c16 = Engine.start(root, work, "sqlite-c16", null, false);
            try (Feed feed = new Feed(c16.port, 16)) {
                feed.warm(warmup, 3000);
                alone.slice(sqliteAlone, 16, sliceMs, null);
                for (int r = 0; r < rounds; r++) {
                    sqliteC16.time(ms -> feed.slice(ms, null), sliceMs);
                    store16.time(ms -> alone.slice(sqliteAlone, 16, ms, null), sliceMs);
                }
                c16Stored = feed.acked();
            } finally {
                c16.stop();
            }
            commits = c16.writerCommits();
        }
        double msgsPerCommit = commits == null ? -1 : (double) c16Stored / commits[0];
        System.out.printf("SQLite, one connection: %.0f acknowledged per second; the store alone, one writer: %.0f per second;"
                + " a bare echo server: %.0f per second%n", sqliteC1.perSecond(), store1.perSecond(), echoC1.perSecond());
        System.out.printf("SQLite, round trip p50: the engine's ACK %.0f us, the store alone's call %.0f us%n",
                Median.of(ackTrips) / 1e3, Median.of(commitTrips) / 1e3);
        System.out.printf("SQLite, 16 connections: %.0f acknowledged per second; the store alone, 16 writers: %.0f per second%n",
                sqliteC16.perSecond(), store16.perSecond());
        System.out.printf("SQLite, 16 connections: %d messages stored over the engine's life, %s store commits"
                        + " (%s writes: intake and delivery records) -> %.1f messages per commit%n",
                c16Stored, commits == null ? "?" : commits[0], commits == null ? "?" : commits[1], msgsPerCommit);

        Rate pgC1 = new Rate();
        Rate pg1 = new Rate();
        Rate pgC16 = new Rate();
        Rate pg16 = new Rate();
        EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setDataDirectory(work.resolve("pgdata")).setCleanDataDirectory(true)
                .setServerConfig("synchronous_commit", "on").setServerConfig("fsync", "on")
                .setServerConfig("max_connections", "200").start();
        try (JdbcStore pgAlone = PostgresStores.open(newDatabase(pg, "alone"))) {
            try (Engine e = Engine.start(root, work, "pg-c1", newDatabase(pg, "c1"), false);
                 Feed feed = new Feed(e.port, 1)) {
                feed.warm(warmup, 200);
                alone.slice(pgAlone, 1, sliceMs, null);
                for (int r = 0; r < rounds; r++) {
                    pgC1.time(ms -> feed.slice(ms, null), sliceMs);
                    pg1.time(ms -> alone.slice(pgAlone, 1, ms, null), sliceMs);
                }
            }
            try (Engine e = Engine.start(root, work, "pg-c16", newDatabase(pg, "c16"), false);
                 Feed feed = new Feed(e.port, 16)) {
                feed.warm(warmup, 3000);
                alone.slice(pgAlone, 16, sliceMs, null);
                for (int r = 0; r < rounds; r++) {
                    pgC16.time(ms -> feed.slice(ms, null), sliceMs);
                    pg16.time(ms -> alone.slice(pgAlone, 16, ms, null), sliceMs);
                }
            }
        } finally {
            pg.close();
        }
        System.out.printf("PostgreSQL, one connection: %.0f acknowledged per second; the store alone, one writer: %.0f per second;"
                + " 16 connections: %.0f per second; the store alone, 16 writers: %.0f per second%n", pgC1.perSecond(), pg1.perSecond(),
                pgC16.perSecond(), pg16.perSecond());

        double[] latency;
        try (Engine e = Engine.start(root, work, "latency", null, false)) {
            latency = steadyLatency(e, 500, 16, warmup, quick ? 5 : 15);
        }
        double[] cpuAndDrain;
        try (Engine e = Engine.start(root, work, "cpu", null, false)) {
            cpuAndDrain = cpuPerMessage(e, 16, quick ? 5000 : 10000, quick ? 5000 : 20000);
        }
        System.out.printf("load average: %s before, %s after%n", loadBefore, LoadAverage.now());

        double ackP50 = Median.of(ackTrips) / 1e6;
        double commitP50 = Median.of(commitTrips) / 1e6;
        System.out.printf("RESULT mllp-ingest sqlite_c1=%.0f sqlite_c16=%.0f pg_c1=%.0f pg_c16=%.0f fsync=%.0f p50_ms=%.1f p99_ms=%.1f"
                        + " c1_over_fsync=%.2f c16_over_fsync16=%.3f cpu_ms_per_msg=%.3f msgs_per_commit=%.1f"
                        + " store1=%.0f store16=%.0f echo_c1=%.0f pg1=%.0f c1_over_store1=%.2f c16_over_store16=%.2f pg_c1_over_pg1=%.2f"
                        + " pg16=%.0f pg_c16_over_pg16=%.2f ack_p50_ms=%.2f commit_p50_ms=%.2f ack_over_commit=%.1f drain_over_ingest=%.2f cpu_no_jit_ms_per_msg=%.3f%n",
                sqliteC1.perSecond(), sqliteC16.perSecond(), pgC1.perSecond(), pgC16.perSecond(), fsync, latency[0], latency[1],
                sqliteC1.perSecond() / fsync, sqliteC16.perSecond() / (16 * fsync), cpuAndDrain[0], msgsPerCommit,
                store1.perSecond(), store16.perSecond(), echoC1.perSecond(), pg1.perSecond(),
                sqliteC1.perSecond() / store1.perSecond(), sqliteC16.perSecond() / store16.perSecond(), pgC1.perSecond() / pg1.perSecond(),
                pg16.perSecond(), pgC16.perSecond() / pg16.perSecond(), ackP50, commitP50, ackP50 / commitP50, cpuAndDrain[1], cpuAndDrain[2]);
        deleteQuietly(work);
    }

    @FunctionalInterface
    private interface Slice {
        long run(long millis) throws Exception;
    }

    /** Events over time, summed over the slices of all rounds. */
    private static final class Rate {
        private long events;
        private long nanos;

        void time(Slice slice, long millis) throws Exception {
            long t0 = System.nanoTime();
            events += slice.run(millis);
            nanos += System.nanoTime() - t0;
        }

        double perSecond() {
            return events * 1e9 / nanos;
        }
    }

    /** Open connections to one MLLP receiver, each sender waiting for its ACK before the next message; sends in slices. */
    private static final class Feed implements AutoCloseable {
        private final List<MllpSender> senders = new ArrayList<>();
        private final long[] sent;
        private final AtomicLong acked = new AtomicLong();

        Feed(int port, int connections) throws IOException {
            for (int c = 0; c < connections; c++) senders.add(new MllpSender(port));
            sent = new long[connections];
        }

        /** The JIT compiles the engine's hot paths in its first seconds: send for a minimum time and number of messages (bounded). */
        void warm(double seconds, long messages) throws Exception {
            long until = System.nanoTime() + (long) (seconds * 1e9);
            long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            long n = 0;
            while (System.nanoTime() < limit && (System.nanoTime() < until || n < messages)) n += slice(250, null);
        }

        /** Messages acknowledged AA within {@code millis}, every connection sending; one connection's round trips into {@code trips}. */
        long slice(long millis, List<Long> trips) throws Exception {
            long end = System.nanoTime() + millis * 1_000_000;
            if (senders.size() == 1) return sendUntil(0, end, trips);
            AtomicLong n = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            for (int c = 0; c < senders.size(); c++) {
                int conn = c;
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        n.addAndGet(sendUntil(conn, end, null));
                    } catch (IOException | RuntimeException e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread t : threads) t.join();
            if (!failures.isEmpty()) throw new IllegalStateException("a sender failed: " + failures.get(0), failures.get(0));
            return n.get();
        }

        private long sendUntil(int conn, long end, List<Long> trips) throws IOException {
            long n = 0;
            MllpSender s = senders.get(conn);
            while (System.nanoTime() < end) {
                long i = sent[conn]++;
                byte[] message = message("B" + conn + "-" + i, "K" + (i % 64));
                long t0 = System.nanoTime();
                if (!s.send(message)) throw new IllegalStateException("B" + conn + "-" + i + " was not acknowledged AA");
                if (trips != null) trips.add(System.nanoTime() - t0);
                n++;
            }
            acked.addAndGet(n);
            return n;
        }

        /** Acknowledged over the feed's life, warm-up included. */
        long acked() {
            return acked.get();
        }

        @Override
        public void close() throws IOException {
            for (MllpSender s : senders) s.close();
        }
    }

    /**
     * 16 connections sending on a fixed schedule that adds up to {@code rate} per second (a late send goes
     * out at once); latency is from just before the send to the moment this JVM is told (inotify, through a
     * {@link FileArrivals}) that the file appeared under its final name, both on this JVM's monotonic clock.
     * (A file's modification time is no clock for this: the kernel stamps it with a coarse clock, up to a
     * scheduler tick behind, which made some latencies come out below zero.)
     */
    private static double[] steadyLatency(Engine engine, int rate, int connections, double warmup, double seconds) throws Exception {
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        long intervalNanos = TimeUnit.SECONDS.toNanos(1) * connections / rate;
        long start = System.nanoTime() + 200_000_000L;
        long measureFrom = start + (long) (warmup * 1e9);
        long end = measureFrom + (long) (seconds * 1e9);
        List<Thread> threads = new ArrayList<>();
        try (FileArrivals arrivals = FileArrivals.watch(Files.createDirectories(engine.data.resolve("out")))) {
            for (int c = 0; c < connections; c++) {
                int conn = c;
                threads.add(Thread.ofPlatform().start(() -> {
                    try (MllpSender s = new MllpSender(engine.port)) {
                        long next = start + intervalNanos * conn / connections;
                        for (int i = 0; next < end; i++, next += intervalNanos) {
                            long wait = next - System.nanoTime();
                            if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
                            String id = "L" + conn + "-" + i;
                            boolean measured = next >= measureFrom;
                            long at = System.nanoTime();
                            if (!s.send(message(id, "K" + (i % 64)))) throw new IllegalStateException(id + " was not acknowledged AA");
                            if (measured) sentAt.put(id + ".hl7", at);
                        }
                    } catch (IOException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }));
            }
            for (Thread t : threads) t.join();
            Map<String, Long> seenAt = arrivals.await(sentAt.keySet(), TimeUnit.SECONDS.toNanos(60));
            List<Double> latencies = new ArrayList<>(sentAt.size());
            sentAt.forEach((name, sent) -> latencies.add((seenAt.get(name) - sent) / 1e6));
            Collections.sort(latencies);
            double p50 = latencies.get(latencies.size() / 2);
            double p99 = latencies.get((int) Math.ceil(latencies.size() * 0.99) - 1);
            System.out.printf("latency at %d msg/s over %d connections, send to file written: p50 %.1f ms, p99 %.1f ms, max %.1f ms"
                            + " (%d messages; %d of them seen by a listing after the watch overflowed)%n",
                    rate, connections, p50, p99, latencies.get(latencies.size() - 1), latencies.size(), arrivals.listed());
            return new double[]{p50, p99};
        }
    }

    /**
     * Engine CPU (utime + stime of the process) from the first measured send until the last file is written,
     * and, of the same messages, how fast the file destination drained against how fast they were acknowledged:
     * [CPU ms per message, drain_over_ingest]. drain_over_ingest is (messages / time to the last file) over
     * (messages / time to the last ACK), both from the first send; the backlog is empty as the sends begin.
     */
    static double[] cpuPerMessage(Engine engine, int connections, int warmupMessages, int messages) throws Exception {
        Path out = engine.data.resolve("out");
        if (warmupMessages > 0) warmUp(engine, connections, warmupMessages);
        Set<String> names = ConcurrentHashMap.newKeySet();
        try (FileArrivals arrivals = FileArrivals.watch(out)) {
            ThreadCpu threads = ThreadCpu.since(engine.process, MllpCpuBench::threadGroup);
            long cpu0 = engine.cpuTicks();
            long t0 = System.nanoTime();
            sendCount(engine, connections, messages, "M", names);
            long acked = System.nanoTime();
            Map<String, Long> seen = arrivals.await(names, TimeUnit.SECONDS.toNanos(120));
            long cpu1 = engine.cpuTicks();
            double jitMs = threads.seconds().getOrDefault("JIT", 0.0) * 1000;
            long last = Collections.max(seen.values());
            double cpuMs = (cpu1 - cpu0) * 1000.0 / CLOCK_TICKS_PER_SECOND;
            double ackSeconds = (acked - t0) / 1e9;
            double drainSeconds = (last - t0) / 1e9;
            System.out.printf("engine CPU, MLLP in to file out, %d connections: %.0f ms for %d messages -> %.3f ms per message%n",
                    connections, cpuMs, messages, cpuMs / messages);
            System.out.printf("  of which HotSpot's JIT compilers (still compiling the hot path after the warm-up): %.0f ms -> %.3f ms per"
                    + " message without them%n", jitMs, (cpuMs - jitMs) / messages);
            System.out.printf("the same %d messages: last ACK after %.2f s (%.0f/s), last file after %.2f s (%.0f/s) -> drain_over_ingest %.2f"
                            + " (%d file times from a listing after the watch overflowed)%n", messages, ackSeconds, messages / ackSeconds,
                    drainSeconds, messages / drainSeconds, ackSeconds / drainSeconds, arrivals.listed());
            return new double[]{cpuMs / messages, ackSeconds / drainSeconds, (cpuMs - jitMs) / messages};
        }
    }

    /**
     * Warms an engine up until HotSpot's JIT compilers are done with the hot path: rounds of {@code round} messages (each
     * written as a file) until one in which the compilers used under {@value #JIT_SETTLED_SHARE} of the engine's CPU, at most
     * {@value #WARM_UP_ROUNDS} rounds. A fixed warm-up was too short on a loaded machine: the one C2 compiler thread of a
     * 2-core box got the hot path's methods (the intake's, the worker's, the store's) only while the measured messages ran,
     * and compiling them took 35–45 % of the measured CPU, a one-off cost a months-long engine does not pay per message.
     * Each round's files are moved aside once written (their folder renamed), so the measured part starts on an empty
     * folder. Not deleted: on an ext4 without a journal (this machine's) a new file's inode is looked for past every
     * inode freed in the last 30 s ({@code recently_deleted}), and after 40,000 deletions that search took 35 % of the
     * engine's CPU, more than half a millisecond per message (perf, 2026-12-03). The work folder goes at the end of the
     * benchmark. Returns the messages sent.
     */
    static int warmUp(Engine engine, int connections, int round) throws Exception {
        int sent = 0;
        for (int r = 0; r < WARM_UP_ROUNDS; r++) {
            ThreadCpu threads = ThreadCpu.since(engine.process, MllpCpuBench::threadGroup);
            sendCount(engine, connections, round, "W" + r + "-", null);
            sent += round;
            Path out = engine.data.resolve("out");
            awaitFiles(out, round);
            Files.move(out, out.resolveSibling("out-warm-up-" + r)); // an empty folder for what follows: ext4's lookups grow with it
            Files.createDirectories(out);
            Map<String, Double> seconds = threads.seconds();
            double jit = seconds.getOrDefault("JIT", 0.0);
            double all = seconds.get("process");
            System.out.printf("  warm-up %d: %d messages, the JIT compilers %.2f s of the engine's %.2f s CPU%n", r, round, jit, all);
            if (jit < JIT_SETTLED_SHARE * all) break;
        }
        return sent;
    }

    private static final double JIT_SETTLED_SHARE = 0.05;
    private static final int WARM_UP_ROUNDS = 8;

    /** {@code total} messages over {@code connections}, each sender waiting for its ACK; the file names they make into {@code names}. */
    static void sendCount(Engine engine, int connections, int total, String prefix, Set<String> names) throws Exception {
        AtomicLong left = new AtomicLong(total);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            int conn = c;
            threads.add(Thread.ofPlatform().start(() -> {
                try (MllpSender s = new MllpSender(engine.port)) {
                    for (int i = 0; left.getAndDecrement() > 0; i++) {
                        String id = prefix + conn + "-" + i;
                        if (names != null) names.add(id + ".hl7");
                        String code = s.ackCode(message(id, "K" + (i % 64)));
                        if (!"AA".equals(code)) throw new IllegalStateException(id + " was answered " + code + ", not AA (the engine's"
                                + " stderr.log under the work folder says why)");
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread t : threads) t.join();
    }

    static void awaitFiles(Path out, long count) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            long n = 0;
            if (Files.isDirectory(out)) {
                try (Stream<Path> files = Files.list(out)) {
                    n = files.filter(f -> !f.getFileName().toString().startsWith(".")).count();
                }
            }
            if (n >= count) return;
            if (System.nanoTime() > deadline) throw new IllegalStateException("only " + n + " of " + count + " files written");
            Thread.sleep(50);
        }
    }

    /** The distribution measured: this checkout's build, or {@code BENCH_DUCTUS_HOME} (another build, for before and after). */
    static Path distribution(Path root) {
        String other = System.getenv("BENCH_DUCTUS_HOME");
        return other == null || other.isBlank() ? root.resolve("server-launcher/target/ductus") : Path.of(other);
    }

    static byte[] message(String controlId, String key) {
        return ("MSH|^~\\&|BENCH|SENDER|DUCTUS|TEST|20261129120000||ADT^A08^ADT_A01|" + controlId + "|P|2.5.1\r"
                + "EVN|A08|20261129120000\r"
                + "PID|1||" + key + "^^^BENCH^MR||DOE^JANE^Q||19700101|F|||1 MAIN ST^^SPRINGFIELD^IL^62701||(555)555-0100\r"
                + "PV1|1|O|CLINIC^101^1||||1234^WELBY^MARCUS^^^DR|||MED||||1|||1234^WELBY^MARCUS^^^DR|OP|V0001|||||||||||||||||||||||||20261129115500\r")
                .getBytes(StandardCharsets.UTF_8);
    }

    static String newDatabase(EmbeddedPostgres pg, String name) throws Exception {
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE bench_" + name);
        }
        return "postgres://postgres:postgres@localhost:" + pg.getPort() + "/bench_" + name;
    }

    static void deleteQuietly(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp folder under target/
        }
    }

    /** {@code ductus serve} on a one-interface project: MLLP source, strict durability, a file destination. */
    static final class Engine implements AutoCloseable {
        final String name;
        final Path data;
        final int port;
        final Process process;
        final Path stderr;
        private boolean stopped;

        private Engine(String name, Path data, int port, Process process, Path stderr) {
            this.name = name;
            this.data = data;
            this.port = port;
            this.process = process;
            this.stderr = stderr;
        }

        /**
         * @param database   null: SQLite in the data folder
         * @param fsyncFiles whether the file destination forces each file to disk (the latency phase: yes)
         */
        static Engine start(Path root, Path work, String name, String database, boolean fsyncFiles) throws Exception {
            return startFrom(distribution(root), work, name, database, fsyncFiles);
        }

        /** The same, from the distribution in {@code home}. */
        static Engine startFrom(Path home, Path work, String name, String database, boolean fsyncFiles) throws Exception {
            return startFrom(home, work, name, database, fsyncFiles, null);
        }

        /** The same, the file destination writing into {@code filesDir} (null: {@code out/} in the data folder). */
        static Engine startFrom(Path home, Path work, String name, String database, boolean fsyncFiles, Path filesDir)
                throws Exception {
            Path dir = work.resolve(name);
            Path project = dir.resolve("project");
            Path data = dir.resolve("data");
            int port = freePort();
            Files.createDirectories(project.resolve("interfaces/ingest"));
            Files.writeString(project.resolve("interfaces/ingest/interface.yaml"),
                    "source: { type: mllp, listen: 127.0.0.1:" + port + " }\n"
                            + "format: hl7\n"
                            + "durability: strict\n"
                            + "ordering: { key: PID-3.1, partitions: 8 }\n"
                            + "destinations:\n"
                            + "  archive:\n"
                            + "    type: file\n"
                            + "    path: \"" + (filesDir == null ? "out" : filesDir.resolve(name).toString()) + "/{MSH-10}.hl7\"\n"
                            + "    fsync: " + fsyncFiles + "\n");
            List<String> command = new ArrayList<>();
            // BENCH_ENGINE_CPUS=1: the engine pinned to those CPUs (taskset -c; bin/ductus execs java, so the JVM is), e.g.
            // with the bench itself under `taskset -c 0`: the sender and the engine on separate cores
            String cpus = System.getenv("BENCH_ENGINE_CPUS");
            if (cpus != null && !cpus.isBlank()) command.addAll(List.of("taskset", "-c", cpus.strip()));
            command.addAll(List.of(home.resolve("bin/ductus").toString(),
                    "serve", "--project", project.toString(), "--data", data.toString(), "--api-listen", "127.0.0.1:0",
                    "--plugins", dir.resolve("plugins").toString()));
            if (database != null) command.addAll(List.of("--database", database));
            Path stderr = dir.resolve("stderr.log");
            Files.createDirectories(dir);
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(stderr.toFile());
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            Process p = pb.start();
            Engine engine = new Engine(name, data, port, p, stderr);
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            for (String line; ; ) {
                line = out.readLine();
                if (line == null) throw new IllegalStateException(name + ": ductus ended before starting:\n" + Files.readString(stderr));
                Matcher m = STARTED.matcher(line);
                if (m.find()) break;
            }
            Thread.ofPlatform().daemon(true).start(() -> {
                try {
                    while (out.readLine() != null) {
                        // keep the pipe drained
                    }
                } catch (IOException ignored) {
                    // ended
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                    break;
                } catch (IOException e) {
                    if (System.nanoTime() > deadline) throw new IllegalStateException(name + ": MLLP source did not open");
                    Thread.sleep(50);
                }
            }
            return engine;
        }

        /** utime + stime of the engine's JVM (bin/ductus execs java, so this is the JVM's pid). */
        long cpuTicks() throws IOException {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        }

        void stop() throws Exception {
            if (stopped) return;
            stopped = true;
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(name + ": ductus did not stop within 30 s of SIGTERM");
            }
        }

        /** [commits, writes] from the SQLite writer's closing line, or null. */
        long[] writerCommits() throws IOException {
            Matcher m = WRITER.matcher(Files.readString(stderr));
            return m.find() ? new long[]{Long.parseLong(m.group(1)), Long.parseLong(m.group(2))} : null;
        }

        @Override
        public void close() throws Exception {
            stop();
        }
    }

    /** A port below the ephemeral range, so that no outgoing connection can be given it meanwhile. */
    static int freePort() throws IOException {
        for (int i = 0; i < 200; i++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (ServerSocket probe = new ServerSocket()) {
                probe.setReuseAddress(true);
                probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                return port;
            } catch (IOException taken) {
                // another
            }
        }
        throw new IOException("no free port");
    }
}
