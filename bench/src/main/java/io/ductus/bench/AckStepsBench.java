package io.ductus.bench;

import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where one acknowledgement's time goes, at one MLLP connection whose sender waits for each ACK (most
 * hospital feeds): {@code ductus serve} as a child process (the mllp-ingest engine: strict SQLite, a file
 * destination), timed step by step on the real path through the engine's Flight Recorder events
 * (listener, intake, group-commit writer, commit, back to the connection, ACK written), recorded with
 * {@code jcmd JFR.start} on the running engine after its warm-up.
 *
 * <p>References in the same run, in alternating slices with the engine's one-connection rate (the disk's
 * and the machine's speed drift): the store alone committing the same message one at a time on one thread
 * in this JVM ({@code store1}, as store-commit's {@code sqlite_1}), and a bare Java MLLP echo server's
 * round trip at one connection ({@code echo_c1}: the socket's own limit here). {@code BENCH_DUCTUS_BEFORE}
 * names a second distribution (an older build) measured in the same slices, for before and after under the
 * same load: its figures come in a line of their own before the RESULT line, {@code RESULT ack-steps_before}.
 *
 * <p>{@code ack-steps-pg}: the same on PostgreSQL (embedded, fsync and synchronous commits on), the store's steps
 * those of a PostgreSQL write ({@code ductus.postgres.*}: a connection from the pool, statements, COMMIT, the
 * connection back), the store alone on a database of its own in the same server. {@code BENCH_ACK_STEPS_KEEP}
 * keeps the work folder (the recordings) for a closer look ({@code jfr print}), and {@code BENCH_ACK_STEPS_EXTRA} names
 * JDK events recorded beside the steps (over 1 ms, with stacks: {@code jdk.ThreadPark,jdk.SocketRead}).
 */
final class AckStepsBench implements BenchMain.Scenario {

    /** The steps in path order: event, RESULT key, label, depth in the printed tree, durability filter. */
    private record Step(String event, String key, String label, int depth, Boolean strict) {
    }

    /** The steps before the store's own (the listener's and the intake's). */
    private static final List<Step> BEFORE_STORE = List.of(
            new Step("ductus.mllp.Answer", "answer", "engine: frame read -> ACK written", 0, null),
            new Step("ductus.mllp.HeaderRead", "header", "header read, checked", 1, null),
            new Step("ductus.mllp.Intake", "intake", "intake: submitted -> receipt back", 1, null),
            new Step("ductus.intake.ToStoringThread", "to_storing_thread", "to the storing thread", 2, null),
            new Step("ductus.intake.Rows", "rows", "key, lane, rows made", 2, null),
            new Step("ductus.intake.Store", "store", "store call", 2, null));
    /** SQLite's group commit. */
    private static final List<Step> SQLITE = List.of(
            new Step("ductus.sqlite.Turn", "turn", "waiting for the writer (to lead, or released)", 3, true),
            new Step("ductus.sqlite.Gather", "gather", "gathering the batch (all callers)", 3, null),
            new Step("ductus.sqlite.Work", "work", "BEGIN + statements", 3, true),
            new Step("ductus.sqlite.Commit", "commit", "COMMIT, synced", 3, true),
            new Step("ductus.sqlite.Release", "release", "woken after another's commit", 3, true));
    /** PostgreSQL: a transaction of its own on a pooled connection. */
    private static final List<Step> POSTGRES = List.of(
            new Step("ductus.postgres.Connection", "connection", "a connection from the pool", 3, true),
            new Step("ductus.postgres.Work", "work", "statements (BEGIN with the first)", 3, true),
            new Step("ductus.postgres.Commit", "commit", "COMMIT, the WAL flushed", 3, true),
            new Step("ductus.postgres.Release", "release", "the connection back to the pool", 3, true));
    private static final List<Step> AFTER_STORE = List.of(
            new Step("ductus.intake.AfterStore", "after_store", "counted, event, workers woken", 2, null),
            new Step("ductus.mllp.BackToConnection", "back", "back to the connection's event loop", 1, null),
            new Step("ductus.mllp.AckWrite", "ack_write", "ACK written to the socket", 1, null));

    private final boolean postgres;
    private final String scenario;
    /** The steps in path order, the workers' relaxed commits last. */
    private final List<Step> steps;
    private final String commitEvent;
    /** The prefix of the store's own writer events (the engine's and the store alone's alike). */
    private final String storeEvents;

    /** @param postgres the engines on PostgreSQL (embedded, fsync and synchronous commits on), else on SQLite */
    AckStepsBench(boolean postgres) {
        this.postgres = postgres;
        this.scenario = postgres ? "ack-steps-pg" : "ack-steps";
        this.storeEvents = postgres ? "ductus.postgres." : "ductus.sqlite.";
        this.commitEvent = storeEvents + "Commit";
        List<Step> all = new ArrayList<>(BEFORE_STORE);
        all.addAll(postgres ? POSTGRES : SQLITE);
        all.addAll(AFTER_STORE);
        all.add(new Step(commitEvent, "commit_relaxed", "(the workers' relaxed commits)", 1, false));
        if (postgres) {
            all.add(new Step("ductus.postgres.Connection", "connection_relaxed", "(their connections from the pool)", 1, false));
            all.add(new Step("ductus.postgres.Work", "work_relaxed", "(their statements)", 1, false));
        }
        this.steps = List.copyOf(all);
    }

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path work = Files.createTempDirectory(root.resolve("bench/target"), "ack-steps");
        int rounds = quick ? 3 : 8;
        long sliceMs = quick ? 500 : 1000;
        long warmupMs = quick ? 2000 : 5000;
        long recordMs = quick ? 2000 : 5000;
        String loadBefore = LoadAverage.now();
        List<Path> homes = new ArrayList<>(List.of(MllpIngestBench.distribution(root)));
        // BENCH_ACK_STEPS_FILES: another folder (another file system) for the file destination's files, to tell
        // what writing them costs the commits' syncs on the data folder's file system.
        String files = System.getenv("BENCH_ACK_STEPS_FILES");
        Path filesDir = files == null || files.isBlank() ? null : Path.of(files);
        String before = System.getenv("BENCH_DUCTUS_BEFORE");
        if (before != null && !before.isBlank()) homes.add(Path.of(before));
        System.out.printf("%s: one MLLP connection, strict %s, %s; %d rounds of %d ms slices; load average %s%s%s%s%n",
                scenario, postgres ? "PostgreSQL (embedded, fsync and synchronous commits on)" : "SQLite", homes, rounds, sliceMs,
                loadBefore, filesDir == null ? "" : "; files written to " + filesDir,
                SPLIT ? "; split: the same engine with its destination paused, the store alone with the workers' outcomes" : "",
                System.getenv("BENCH_ENGINE_CPUS") == null ? "" : "; engines on CPUs " + System.getenv("BENCH_ENGINE_CPUS"));

        EmbeddedPostgres pg = null;
        if (postgres) {
            EmbeddedPostgres.Builder server = EmbeddedPostgres.builder()
                    .setDataDirectory(work.resolve("pgdata")).setCleanDataDirectory(true)
                    .setServerConfig("synchronous_commit", "on").setServerConfig("fsync", "on")
                    .setServerConfig("max_connections", "200");
            if (COUNT_STATEMENTS) server.setServerConfig("shared_preload_libraries", "pg_stat_statements");
            pg = server.start();
        }
        try {
            measure(work, homes, pg, filesDir, rounds, sliceMs, warmupMs, recordMs, loadBefore);
        } finally {
            if (pg != null) pg.close();
        }
        if (System.getenv("BENCH_ACK_STEPS_KEEP") == null) deleteQuietly(work);
        else System.out.println("recordings kept in " + work);
    }

    private void measure(Path work, List<Path> homes, EmbeddedPostgres pg, Path filesDir, int rounds, long sliceMs, long warmupMs, long recordMs,
                         String loadBefore) throws Exception {
        Rate store1 = new Rate();
        Map<StoreAlone.Mix, Rate> mixRates = new java.util.EnumMap<>(StoreAlone.Mix.class);
        Map<StoreAlone.Mix, List<Long>> mixTrips = new java.util.EnumMap<>(StoreAlone.Mix.class);
        Map<StoreAlone.Mix, Map<String, List<Long>>> mixSteps = new java.util.EnumMap<>(StoreAlone.Mix.class);
        for (StoreAlone.Mix mix : MIXES) {
            mixRates.put(mix, new Rate());
            mixTrips.put(mix, new ArrayList<>());
        }
        Rate echo = new Rate();
        List<Long> echoTrips = new ArrayList<>();
        List<Measured> engines = new ArrayList<>();
        long[] counter = {0};
        StoreAlone alone = new StoreAlone();
        List<Long> aloneTrips = new ArrayList<>();
        // SPLIT: the largest WAL file seen after a slice, by what wrote it (a WAL that does not start over grows)
        Map<String, Long> walMax = new java.util.LinkedHashMap<>();
        Map<String, List<Long>> aloneSteps = Map.of();
        try (JdbcStore store = pg != null ? PostgresStores.open(MllpIngestBench.newDatabase(pg, "alone"))
                : SqliteStores.open(work.resolve("store1.db"));
             MllpEchoServer echoServer = MllpEchoServer.start();
             MllpSender toEcho = new MllpSender(echoServer.port())) {
            try {
                for (int i = 0; i < homes.size(); i++) {
                    engines.add(new Measured(homes.get(i), i == 0 ? "" : "_before", MllpIngestBench.Engine.startFrom(homes.get(i), work,
                            "engine" + i, pg == null ? null : MllpIngestBench.newDatabase(pg, "engine" + i), false, filesDir)));
                }
                if (SPLIT) {
                    if (pg != null) throw new IllegalStateException("BENCH_ACK_STEPS_SPLIT: SQLite only");
                    engines.add(new Measured(homes.get(0), "_paused", startPaused(homes.get(0), work, "engine-paused", filesDir)));
                }
                for (Measured m : engines) send(m.sender, "W", warmupMs, null, counter); // the JIT compiles the hot path first
                alone.slice(store, 1, sliceMs, null);
                for (StoreAlone.Mix mix : MIXES) alone.sliceWithOutcomes(store, sliceMs, null, mix);
                send(toEcho, "E", sliceMs, null, counter);
                Path aloneWal = work.resolve("store1.db-wal");
                for (int r = 0; r < rounds; r++) {
                    store1.add(alone.slice(store, 1, sliceMs, null), sliceMs);
                    if (SPLIT) walMax.merge("store1", walSize(aloneWal), Math::max);
                    for (Measured m : engines) {
                        m.c1.add(send(m.sender, "C", sliceMs, m.roundTrips, counter), sliceMs);
                        if (SPLIT) walMax.merge("engine" + m.label, walSize(m.engine.data.resolve("ductus.db-wal")), Math::max);
                    }
                    for (StoreAlone.Mix mix : MIXES) {
                        mixRates.get(mix).add(alone.sliceWithOutcomes(store, sliceMs, null, mix), sliceMs);
                        walMax.merge("store1_" + mix.name().toLowerCase(java.util.Locale.ROOT), walSize(aloneWal), Math::max);
                    }
                    echo.add(send(toEcho, "E", sliceMs, echoTrips, counter), sliceMs);
                }
                Path settings = writeSettings(work.resolve("ack-steps.jfc"));
                for (int i = 0; i < engines.size(); i++) {
                    Measured m = engines.get(i);
                    if (COUNT_STATEMENTS && pg != null) Statements.reset(pg);
                    m.record(work.resolve("engine" + i + ".jfr"), settings, recordMs, counter);
                    if (COUNT_STATEMENTS && pg != null) m.statements = Statements.read(pg, "bench_engine" + i);
                }
                aloneSteps = recordAlone(() -> alone.slice(store, 1, recordMs, aloneTrips), work.resolve("store-alone.jfr"));
                for (StoreAlone.Mix mix : MIXES) {
                    mixSteps.put(mix, recordAlone(() -> alone.sliceWithOutcomes(store, recordMs, mixTrips.get(mix), mix),
                            work.resolve("store-alone-" + mix.name().toLowerCase(java.util.Locale.ROOT) + ".jfr")));
                }
            } finally {
                for (Measured m : engines) m.close();
            }
        }
        String loadAfter = LoadAverage.now();

        System.out.printf("%nthe store alone, one writer, this message, strict%s: %8.0f commits/s%n",
                pg == null ? "" : " (a database of its own in the same server)", store1.perSecond());
        for (StoreAlone.Mix mix : MIXES) {
            System.out.printf("the store alone, the same with each message's delivery as %s: %8.0f commits/s%n", mix, mixRates.get(mix).perSecond());
        }
        for (Measured m : engines) {
            System.out.printf("the engine %s%s, one connection: %8.0f ACKs/s (round trip p50 %.0f us)%n",
                    m.home, m.label.equals("_paused") ? " (its destination paused)" : "", m.c1.perSecond(), Median.of(m.roundTrips) / 1e3);
        }
        System.out.printf("a bare MLLP echo server, one connection:             %8.0f ACKs/s (round trip p50 %.0f us)%n",
                echo.perSecond(), Median.of(echoTrips) / 1e3);
        for (Measured m : engines) {
            System.out.printf("%none acknowledgement of %s, step by step (%d messages recorded; medians, means in brackets,"
                    + " microseconds; means add up, medians need not):%n", m.home, m.recordedTrips.size());
            System.out.printf("  %-58s %7.0f  (%5.0f)%n", "sender: send -> ACK read (round trip)", Median.of(m.recordedTrips) / 1e3,
                    mean(m.recordedTrips) / 1e3);
            for (Step step : steps) {
                List<Long> d = m.steps(step);
                String label = "  ".repeat(step.depth() + 1) + step.label();
                System.out.printf("  %-58s %7.0f  (%5.0f)  n=%d%n", label, Median.of(d) / 1e3, mean(d) / 1e3, d.size());
            }
            System.out.printf("  %-58s %7.0f  (%5.0f)%n", "outside the engine: sockets, kernel, wake-ups (round trip - engine)",
                    (Median.of(m.recordedTrips) - Median.of(m.steps(steps.get(0)))) / 1e3,
                    (mean(m.recordedTrips) - mean(m.steps(steps.get(0)))) / 1e3);
            if (m.statements != null) Statements.print(m.statements, m.recordedTrips.size());
        }
        // The same steps of the writer in this JVM, the store alone: where the engine's store call differs from it.
        printAlone("the store alone in this JVM, one call at a time", aloneTrips, aloneSteps);
        for (StoreAlone.Mix mix : MIXES) printAlone("the store alone with each message's delivery as " + mix, mixTrips.get(mix), mixSteps.get(mix));
        if (!walMax.isEmpty()) {
            System.out.print("the largest WAL file after a slice (MB):");
            walMax.forEach((k, v) -> System.out.printf(" %s %.1f", k, v / 1048576.0));
            System.out.println();
        }
        System.out.printf("load average: %s before, %s after%n", loadBefore, loadAfter);
        for (int i = engines.size() - 1; i >= 0; i--) { // this build's line last: the scenario's RESULT
            Measured m = engines.get(i);
            double commitP50 = Median.of(m.steps.getOrDefault(commitEvent + "/true", List.of()));
            double tripP50 = Median.of(m.recordedTrips);
            StringBuilder keys = new StringBuilder();
            for (Step step : steps) keys.append(' ').append(step.key()).append("_us=").append(String.format("%.0f", Median.of(m.steps(step)) / 1e3));
            if (m.statements != null) {
                keys.append(String.format(" statements_per_msg=%.1f", Statements.total(m.statements) / (double) m.recordedTrips.size()));
            }
            for (StoreAlone.Mix mix : i == 0 ? MIXES : List.<StoreAlone.Mix>of()) {
                String k = mix.name().toLowerCase(java.util.Locale.ROOT);
                Map<String, List<Long>> st = mixSteps.get(mix);
                keys.append(String.format(" store1_%s=%.0f %s_call_us=%.0f %s_work_us=%.0f %s_commit_us=%.0f %s_commit_relaxed_us=%.0f",
                        k, mixRates.get(mix).perSecond(), k, Median.of(mixTrips.get(mix)) / 1e3,
                        k, Median.of(st.getOrDefault(storeEvents + "Work/true", List.of())) / 1e3,
                        k, Median.of(st.getOrDefault(commitEvent + "/true", List.of())) / 1e3,
                        k, Median.of(st.getOrDefault(commitEvent + "/false", List.of())) / 1e3));
            }
            System.out.printf("RESULT %s%s c1=%.0f store1=%.0f echo_c1=%.0f c1_over_store1=%.2f ack_p50_ms=%.2f commit_p50_ms=%.2f"
                            + " ack_over_commit=%.1f engine_p50_ms=%.2f engine_mean_ms=%.2f alone_call_us=%.0f alone_work_us=%.0f alone_commit_us=%.0f%s%n",
                    scenario, m.label, m.c1.perSecond(), store1.perSecond(), echo.perSecond(), m.c1.perSecond() / store1.perSecond(),
                    tripP50 / 1e6, commitP50 / 1e6, tripP50 / commitP50, Median.of(m.steps(steps.get(0))) / 1e6,
                    mean(m.steps(steps.get(0))) / 1e6, Median.of(aloneTrips) / 1e3,
                    Median.of(aloneSteps.getOrDefault(storeEvents + "Work/true", List.of())) / 1e3,
                    Median.of(aloneSteps.getOrDefault(commitEvent + "/true", List.of())) / 1e3, keys);
        }
    }

    /** One engine measured: its rate in the alternating slices, its round trips, and its recorded steps. */
    private static final class Measured implements AutoCloseable {
        final Path home;
        /** The RESULT line's suffix: "" this build, "_before" BENCH_DUCTUS_BEFORE's, "_paused" this build with its destination paused. */
        final String label;
        final MllpIngestBench.Engine engine;
        final MllpSender sender;
        final Rate c1 = new Rate();
        final List<Long> roundTrips = new ArrayList<>();
        final List<Long> recordedTrips = new ArrayList<>();
        Map<String, List<Long>> steps = Map.of();
        /** The statements its database ran in the recorded window, by text (BENCH_ACK_STEPS_STATEMENTS), or null. */
        Map<String, double[]> statements;

        Measured(Path home, String label, MllpIngestBench.Engine engine) throws IOException {
            this.home = home;
            this.label = label;
            this.engine = engine;
            this.sender = new MllpSender(engine.port);
        }

        /** Records the engine's step events with jcmd while this one connection sends for {@code millis}. */
        void record(Path recording, Path settings, long millis, long[] counter) throws Exception {
            long pid = engine.process.pid();
            jcmd(pid, "JFR.start", "name=ack-steps", "settings=" + settings);
            send(sender, "R", millis, recordedTrips, counter);
            jcmd(pid, "JFR.dump", "name=ack-steps", "filename=" + recording);
            jcmd(pid, "JFR.stop", "name=ack-steps");
            steps = read(recording);
        }

        List<Long> steps(Step step) {
            return steps.getOrDefault(step.event() + (step.strict() == null ? "" : "/" + step.strict()), List.of());
        }

        @Override
        public void close() throws Exception {
            sender.close();
            engine.close();
        }
    }

    /**
     * {@code BENCH_ACK_STEPS_STATEMENTS=1} (PostgreSQL): the server loads pg_stat_statements, and each engine's
     * statements in its recorded window are counted by text (BEGIN, SET and COMMIT too) and printed per
     * acknowledged message: the engine's whole work per message, intake's and the workers' alike. Off by default
     * (the extension's own cost is small but not nothing).
     */
    private static final boolean COUNT_STATEMENTS = System.getenv("BENCH_ACK_STEPS_STATEMENTS") != null;

    private static final class Statements {
        static void reset(EmbeddedPostgres pg) throws Exception {
            try (var c = pg.getPostgresDatabase().getConnection(); var s = c.createStatement()) {
                s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
                s.execute("SELECT pg_stat_statements_reset()");
            }
        }

        /** By statement text: its calls and the server's total time for them (µs), most called first. */
        static Map<String, double[]> read(EmbeddedPostgres pg, String database) throws Exception {
            Map<String, double[]> calls = new java.util.LinkedHashMap<>();
            try (var c = pg.getPostgresDatabase().getConnection();
                 var ps = c.prepareStatement("SELECT s.query, sum(s.calls), sum(s.total_exec_time) FROM pg_stat_statements s"
                         + " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = ? GROUP BY s.query ORDER BY 2 DESC")) {
                ps.setString(1, database);
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        calls.put(rs.getString(1).replaceAll("\\s+", " "), new double[] {rs.getLong(2), rs.getDouble(3) * 1000});
                    }
                }
            }
            return calls;
        }


        static long total(Map<String, double[]> calls) {
            return (long) calls.values().stream().mapToDouble(v -> v[0]).sum();
        }

        static void print(Map<String, double[]> calls, long messages) {
            System.out.printf("  statements per acknowledged message (pg_stat_statements, %d messages; calls per message, the"
                    + " server's mean time per call): %.2f%n", messages,
                    total(calls) / (double) messages);
            calls.forEach((sql, v) -> {
                if (v[0] * 100 >= messages) { // those run for at least one message in a hundred
                    System.out.printf("    %6.2f  %7.0f us  %s%n", v[0] / messages, v[1] / v[0],
                            sql.length() > 130 ? sql.substring(0, 130) + "..." : sql);
                }
            });
        }
    }

    /** Counts over time summed across slices. */
    private static final class Rate {
        private long events;
        private long millis;

        void add(long count, long sliceMillis) {
            events += count;
            millis += sliceMillis;
        }

        double perSecond() {
            return events * 1000.0 / millis;
        }
    }

    /** Messages acknowledged AA within {@code millis}, one at a time; each round trip's nanoseconds into {@code trips}. */
    private static long send(MllpSender sender, String prefix, long millis, List<Long> trips, long[] counter)
            throws IOException {
        long end = System.nanoTime() + millis * 1_000_000;
        long acked = 0;
        while (System.nanoTime() < end) {
            long n = counter[0]++;
            byte[] message = MllpIngestBench.message(prefix + n, "K" + (n % 64));
            long t0 = System.nanoTime();
            if (!sender.send(message)) throw new IllegalStateException(prefix + n + " was not acknowledged AA");
            if (trips != null) trips.add(System.nanoTime() - t0);
            acked++;
        }
        return acked;
    }

    /**
     * {@code BENCH_ACK_STEPS_SPLIT=1} (SQLite): where the engine's commit differs from the store alone's, split in the
     * same slices. A second engine of this build with its file destination paused before it starts (set through the
     * store, as {@code POST .../pause} saves it: intake stores the same rows, no worker reads, sends or records while
     * it is measured, {@code RESULT ack-steps_paused}), and the store alone doing the engine's whole write mix per
     * message ({@link StoreAlone#sliceWithOutcomes}: the strict store of N while a worker thread reads N-1's lane and
     * records its outcome relaxed, {@code store1_mix}, {@code mix_*_us}).
     */
    private static final boolean SPLIT = System.getenv("BENCH_ACK_STEPS_SPLIT") != null;
    /**
     * With {@code SPLIT}, the store alone's write mixes measured ({@code BENCH_ACK_STEPS_MIX=outcomes,reads,records,inline},
     * {@link StoreAlone.Mix}; {@code outcomes} when not set): each in its own slice of every round.
     */
    private static final List<StoreAlone.Mix> MIXES = !SPLIT ? List.of()
            : java.util.Arrays.stream(System.getenv().getOrDefault("BENCH_ACK_STEPS_MIX", "outcomes").split(","))
                    .map(String::strip).filter(m -> !m.isEmpty()).map(m -> StoreAlone.Mix.valueOf(m.toUpperCase(java.util.Locale.ROOT))).toList();

    /** This build's engine with its destination {@code ingest/archive} paused from its first moment. */
    private static MllpIngestBench.Engine startPaused(Path home, Path work, String name, Path filesDir) throws Exception {
        Path data = Files.createDirectories(work.resolve(name).resolve("data"));
        try (JdbcStore store = SqliteStores.open(data.resolve("ductus.db"))) {
            store.setPaused(new io.ductus.store.DestinationRef("ingest", "archive"), true, System.currentTimeMillis(), null);
        }
        return MllpIngestBench.Engine.startFrom(home, work, name, null, false, filesDir);
    }

    private static long walSize(Path wal) {
        try {
            return Files.size(wal);
        } catch (IOException e) {
            return 0;
        }
    }

    /** What the store alone does while it is recorded; its call times go to a list of the caller's. */
    private interface AloneRun {
        long run() throws Exception;
    }

    private void printAlone(String what, List<Long> trips, Map<String, List<Long>> byStep) {
        System.out.printf("%n%s, step by step (%d calls recorded; medians, means in brackets, microseconds):%n", what, trips.size());
        System.out.printf("  %-58s %7.0f  (%5.0f)%n", "store call", Median.of(trips) / 1e3, mean(trips) / 1e3);
        for (Step step : steps) {
            if (!step.event().startsWith(storeEvents) || (step.depth() != 3 && !step.key().equals("commit_relaxed"))) continue;
            List<Long> d = byStep.getOrDefault(step.event() + (step.strict() == null ? "" : "/" + step.strict()), List.of());
            System.out.printf("  %-58s %7.0f  (%5.0f)  n=%d%n", "  " + step.label(), Median.of(d) / 1e3, mean(d) / 1e3, d.size());
        }
    }

    /** The store alone's writer steps, recorded in this JVM while {@code alone} stores one message at a time. */
    private Map<String, List<Long>> recordAlone(AloneRun alone, Path file) throws Exception {
        try (Recording recording = new Recording()) {
            steps.stream().map(Step::event).filter(e -> e.startsWith(storeEvents)).distinct()
                    .forEach(e -> recording.enable(e).withThreshold(Duration.ZERO).withoutStackTrace());
            recording.start();
            alone.run();
            recording.stop();
            recording.dump(file);
        }
        return read(file);
    }

    /** Only the engine's own step events: nothing else of Flight Recorder's defaults runs meanwhile. */
    private Path writeSettings(Path file) throws IOException {
        StringBuilder jfc = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<configuration version=\"2.0\" label=\"ductus ack steps\">\n");
        steps.stream().map(Step::event).distinct().forEach(e -> jfc.append("  <event name=\"").append(e)
                .append("\"><setting name=\"enabled\">true</setting><setting name=\"threshold\">0 ns</setting></event>\n"));
        String extra = System.getenv("BENCH_ACK_STEPS_EXTRA"); // e.g. jdk.ThreadPark,jdk.SocketRead: over 1 ms, with stacks
        if (extra != null) {
            for (String e : extra.split(",")) {
                if (!e.isBlank()) jfc.append("  <event name=\"").append(e.strip()).append("\"><setting name=\"enabled\">true</setting>"
                        + "<setting name=\"threshold\">1 ms</setting><setting name=\"stackTrace\">true</setting></event>\n");
            }
        }
        jfc.append("</configuration>\n");
        return Files.writeString(file, jfc);
    }

    /** Durations in nanoseconds by event name (and "/strict" for the writer's events that carry it). */
    private static Map<String, List<Long>> read(Path recording) throws IOException {
        Map<String, List<Long>> byStep = new HashMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            String name = e.getEventType().getName();
            if (!name.startsWith("ductus.")) continue;
            if (e.hasField("strict")) name += "/" + e.getBoolean("strict");
            byStep.computeIfAbsent(name, k -> new ArrayList<>()).add(e.getDuration().toNanos());
        }
        return byStep;
    }

    /** Runs {@code jcmd pid args…} (JFR.start, Thread.print…); its output in the error when it fails. */
    static void jcmd(long pid, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid)));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
    }

    private static double mean(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).average().orElse(Double.NaN);
    }

    private static void deleteQuietly(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp folder under target/
        }
    }
}
