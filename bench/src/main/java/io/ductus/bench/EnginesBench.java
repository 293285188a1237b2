package io.ductus.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Engines on one PostgreSQL database (docs/engines.md) with 1,001 interfaces (1,000 internal ones and one MLLP
 * source, strict, to a file destination): one engine's start to ready (the engine's own "started in" figure) and
 * its claim time (from its run's row in {@code engines} to all 1,001 interfaces claimed by it, polled every 10 ms);
 * strict ingest of 16 connections to that one engine, then spread over three engines of the same project on the
 * same database (same run, same machine) once the interfaces are spread within one of even (334/334/333;
 * {@code spread_s}, from the third engine's start); then the takeover after kill -9 of the first engine: until none of the
 * interfaces is claimed by it any more. {@code BENCH_START_ONLY} measures the first engine's start and claim alone.
 */
final class EnginesBench implements BenchMain.Scenario {

    private static final int INTERFACES = 1001;
    private static final Pattern STARTED = Pattern.compile("ductus started in (\\d+) ms");
    private static final Pattern STEP = Pattern.compile("startup - (\\d+) ms (.+)$");
    private static final Pattern API = Pattern.compile("running: api http://127\\.0\\.0\\.1:(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Pattern LISTENING = Pattern.compile("MLLP listener on 127\\.0\\.0\\.1:(\\d+)"); // the project's only MLLP source

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path work = root.resolve("bench/target/engines-bench");
        deleteQuietly(work);
        Files.createDirectories(work);
        Path project = writeProject(work.resolve("project"));
        long sliceMs = quick ? 4000 : 10_000;
        String loadBefore = LoadAverage.now();
        boolean statements = System.getenv("BENCH_PG_STATEMENTS") != null;
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setDataDirectory(work.resolve("pgdata")).setCleanDataDirectory(true)
                .setServerConfig("synchronous_commit", "on").setServerConfig("fsync", "on").setServerConfig("max_connections", "300");
        if (statements) {
            builder.setServerConfig("shared_preload_libraries", "pg_stat_statements").setServerConfig("pg_stat_statements.track_planning", "on");
        }
        String config = System.getenv().getOrDefault("BENCH_PG_CONFIG", ""); // name=value,... for trying a server setting
        for (String setting : config.split(",")) {
            if (!setting.isBlank()) builder.setServerConfig(setting.substring(0, setting.indexOf('=')).strip(), setting.substring(setting.indexOf('=') + 1).strip());
        }
        EmbeddedPostgres pg = builder.start();
        try {
            String url = MllpIngestBench.newDatabase(pg, "engines");
            String jdbc = "jdbc:postgresql://localhost:" + pg.getPort() + "/bench_engines";
            try (Connection db = DriverManager.getConnection(jdbc, "postgres", "postgres")) {
                Engine one = Engine.start(root, work, "one", project, url);
                long claimMs = claimTime(db, one);
                System.out.printf("engine one: started in %d ms (its own figure; %d ms from spawn; %d ms of CPU until then), all %d"
                        + " interfaces claimed %d ms after its run was registered%n", one.startedMs, one.spawnToStartedMs, one.startCpuMs,
                        INTERFACES, claimMs);
                one.printSteps();
                if (System.getenv("BENCH_START_ONLY") != null) { // the start alone, for before and after (BENCH_DUCTUS_HOME)
                    one.stop();
                    System.out.printf("load average: %s before, %s after%n", loadBefore, LoadAverage.now());
                    System.out.printf("RESULT engines start_ms_1001=%d claim_ms=%d start_cpu_ms=%d%n", one.startedMs, claimMs, one.startCpuMs);
                    return;
                }
                // one token for every engine: they share the database's accounts
                String token = TrialBench.tokenOf(MllpIngestBench.distribution(root).resolve("bin/ductus"), project,
                        work.resolve("token-data"), "admin", url);
                one.awaitRetentionRun(token);
                long postmaster = postmasterPid(work.resolve("pgdata"));
                if (statements) execute(db, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
                double rateOne = ingest(List.of(one), 16, sliceMs, postmaster, statements ? db : null);
                if (statements) printStatements(db);
                Engine two = Engine.start(root, work, "two", project, url);
                Engine three = Engine.start(root, work, "three", project, url);
                long threeReady = System.nanoTime();
                List<Engine> all = List.of(one, two, three);
                awaitSpread(db, all);
                double spreadS = (System.nanoTime() - threeReady) / 1e9;
                System.out.printf("three engines: owned %s, within one of even %.2f s after the third engine started%n", owned(db, all), spreadS);
                two.awaitRetentionRun(token);
                three.awaitRetentionRun(token);
                double rateThree = ingest(all, 16, sliceMs, postmaster, null);
                if (System.getenv("BENCH_AGAIN") != null) rateThree = ingest(all, 16, sliceMs, postmaster, null);
                System.out.printf("strict ingest, 16 connections: one engine %.0f acknowledged per second, three engines %.0f%n",
                        rateOne, rateThree);
                int hadOne = owned(db, List.of(one)).get(0);
                long t0 = System.nanoTime();
                one.process.destroyForcibly();
                one.process.waitFor(30, TimeUnit.SECONDS);
                while (count(db, "SELECT count(*) FROM interface_owners WHERE engine_id = '" + one.id + "'") > 0) {
                    if (System.nanoTime() - t0 > TimeUnit.SECONDS.toNanos(120)) throw new IllegalStateException("no takeover within 120 s");
                    Thread.sleep(10);
                }
                double takeoverS = (System.nanoTime() - t0) / 1e9;
                System.out.printf("kill -9 of engine one (%d interfaces): all claimed by the others after %.2f s; owned now %s%n", hadOne,
                        takeoverS, owned(db, List.of(two, three)));
                two.stop();
                three.stop();
                System.out.printf("load average: %s before, %s after%n", loadBefore, LoadAverage.now());
                System.out.printf("RESULT engines start_ms_1001=%d claim_ms=%d takeover_s=%.2f three_over_one=%.2f one_per_s=%.0f three_per_s=%.0f"
                        + " spread_s=%.2f%n", one.startedMs, claimMs, takeoverS, rateThree / rateOne, rateOne, rateThree, spreadS);
            }
        } finally {
            pg.close();
        }
        deleteQuietly(work);
    }

    private static Path writeProject(Path project) throws IOException {
        Path ingest = Files.createDirectories(project.resolve("interfaces/ingest"));
        Files.writeString(ingest.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:0 }
                format: hl7
                durability: strict
                ordering: { key: PID-3.1, partitions: 8 }
                destinations:
                  archive: { type: file, path: "out/{MSH-10}.hl7" }
                """);
        for (int i = 1; i < INTERFACES; i++) {
            Path folder = Files.createDirectories(project.resolve("interfaces").resolve(String.format("feed-%04d", i)));
            Files.writeString(folder.resolve("interface.yaml"), """
                    source: internal
                    format: hl7
                    ordering: { key: PID-3.1, partitions: 8 }
                    destinations:
                      archive: { type: file, path: "out/{interface}/{id}.hl7" }
                    """);
        }
        return project;
    }

    /** From the engine's row in engines to all interfaces claimed by it (polled every 10 ms). */
    private static long claimTime(Connection db, Engine engine) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        Long registered = null;
        while (System.nanoTime() < deadline) {
            if (engine.id == null) engine.id = idOf(db, engine.process.pid());
            if (engine.id != null) {
                if (registered == null) registered = startedAt(db, engine.id);
                if (count(db, "SELECT count(*) FROM interface_owners WHERE engine_id = '" + engine.id + "'") >= INTERFACES) {
                    return System.currentTimeMillis() - registered;
                }
            }
            Thread.sleep(10);
        }
        throw new IllegalStateException("engine " + engine.name + " did not claim all " + INTERFACES + " interfaces within 120 s");
    }

    /**
     * Until the interfaces are spread within one of even (each engine owns {@code n / k} or {@code n / k + 1}, all
     * owned; 334/334/333): a fixed point of the assignment, so it stays. A split that merely stopped changing is not
     * enough (slow rounds left 334/500/167 for the whole measurement).
     */
    private static void awaitSpread(Connection db, List<Engine> engines) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        int k = engines.size();
        List<Integer> now = List.of();
        while (System.nanoTime() < deadline) {
            for (Engine e : engines) if (e.id == null) e.id = idOf(db, e.process.pid());
            now = owned(db, engines);
            if (now.stream().mapToInt(Integer::intValue).sum() == INTERFACES
                    && now.stream().allMatch(n -> n == INTERFACES / k || n == INTERFACES / k + 1)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the interfaces were not spread within one of even within 120 s: " + now);
    }

    private static List<Integer> owned(Connection db, List<Engine> engines) throws Exception {
        List<Integer> n = new ArrayList<>();
        for (Engine e : engines) n.add(e.id == null ? 0 : (int) count(db, "SELECT count(*) FROM interface_owners WHERE engine_id = '" + e.id + "'"));
        return n;
    }

    private static String idOf(Connection db, long pid) throws Exception {
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT id FROM engines WHERE pid = " + pid
                + " AND state <> 'STOPPED' ORDER BY started_at DESC")) {
            return r.next() ? r.getString(1) : null;
        } catch (java.sql.SQLException e) {
            return null; // not migrated yet
        }
    }

    private static long startedAt(Connection db, String id) throws Exception {
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT started_at FROM engines WHERE id = '" + id + "'")) {
            r.next();
            return r.getLong(1);
        }
    }

    private static long count(Connection db, String sql) throws Exception {
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    /**
     * Strict ingest: {@code connections} senders spread round robin over the engines' listeners, a warm-up, then one
     * slice; prints the CPU per acknowledged message of each engine, of PostgreSQL (all its processes) and of the
     * senders (this JVM) over the slice, since on 2 cores the rate is the cores over the CPU one message takes.
     */
    private static double ingest(List<Engine> engines, int connections, long sliceMs, long postmaster, Connection resetStatements) throws Exception {
        List<MllpSender> senders = new ArrayList<>();
        try {
            for (int c = 0; c < connections; c++) senders.add(new MllpSender(engines.get(c % engines.size()).port));
            slice(senders, Long.parseLong(System.getenv().getOrDefault("BENCH_WARMUP_MS", "3000")));
            if (resetStatements != null) execute(resetStatements, "SELECT pg_stat_statements_reset()");
            long[] before = cpuTicks(engines, postmaster);
            long n = slice(senders, sliceMs);
            long[] after = cpuTicks(engines, postmaster);
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "CPU ms per message, %d engine(s), %d messages:", engines.size(), n));
            double total = 0;
            for (int i = 0; i < after.length; i++) {
                double ms = (after[i] - before[i]) * 10.0 / Math.max(1, n);
                total += ms;
                String who = i < engines.size() ? "engine " + engines.get(i).name : i == engines.size() ? "postgres" : "senders";
                line.append(String.format(Locale.ROOT, " %s %.3f", who, ms));
            }
            System.out.println(line.append(String.format(Locale.ROOT, ", all %.3f", total)));
            return n * 1000.0 / sliceMs;
        } finally {
            for (MllpSender s : senders) s.close();
        }
    }

    private static final AtomicLong SEQ = new AtomicLong();

    private static long slice(List<MllpSender> senders, long millis) throws Exception {
        long end = System.nanoTime() + millis * 1_000_000;
        AtomicLong n = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (MllpSender s : senders) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    while (System.nanoTime() < end) {
                        long i = SEQ.incrementAndGet();
                        if (!s.send(MllpIngestBench.message("E" + i, "K" + (i % 64)))) {
                            throw new IllegalStateException("E" + i + " was not answered AA (bench/target/engines-bench/<engine>/stderr.log"
                                    + " says more):\n" + s.lastAck());
                        }
                        n.incrementAndGet();
                    }
                } catch (IOException | RuntimeException e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread t : threads) t.join();
        if (!failures.isEmpty()) throw new IllegalStateException("a sender failed: " + failures.get(0), failures.get(0));
        return n.get();
    }

    private static void execute(Connection db, String sql) throws Exception {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

    /** BENCH_PG_STATEMENTS: PostgreSQL's statements since the reset, by total time (exec + plan), with calls per acknowledged message. */
    private static void printStatements(Connection db) throws Exception {
        // the inserts name the partitioned table or, since 2026-12-03, the current leaf itself (messages_t7_20261203)
        long messages = count(db, "SELECT COALESCE(SUM(calls), 0) FROM pg_stat_statements WHERE query LIKE 'INSERT INTO messages%'");
        System.out.printf("PostgreSQL statements during one engine's measured slice (%d messages stored), by total time:%n", messages);
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("""
                SELECT calls, total_exec_time, total_plan_time, plans, rows, regexp_replace(query, '\\s+', ' ', 'g')
                FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 25""")) {
            while (r.next()) {
                long calls = r.getLong(1);
                System.out.printf(Locale.ROOT, "  %6.2f/msg exec %6.1f us plan %6.1f us (%d plans) rows %.1f  %s%n", calls / (double) Math.max(1, messages),
                        r.getDouble(2) * 1000 / Math.max(1, calls), r.getDouble(3) * 1000 / Math.max(1, calls), r.getLong(4),
                        r.getLong(5) / (double) Math.max(1, calls), abbreviate(r.getString(6), 150));
            }
        }
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "…";
    }

    /** The postmaster's pid, the first line of its postmaster.pid. */
    private static long postmasterPid(Path dataDirectory) throws IOException {
        return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip());
    }

    /** User + system ticks (1/100 s) of each engine, of the postmaster and its children together, and of this JVM. */
    private static long[] cpuTicks(List<Engine> engines, long postmaster) throws IOException {
        long[] ticks = new long[engines.size() + 2];
        for (int i = 0; i < engines.size(); i++) ticks[i] = ticksOf(engines.get(i).process.pid());
        ticks[engines.size()] = ticksOf(postmaster);
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : (Iterable<Path>) procs::iterator) {
                String pid = proc.getFileName().toString();
                if (!pid.chars().allMatch(Character::isDigit)) continue;
                try {
                    String[] f = statFields(Long.parseLong(pid));
                    if (Long.parseLong(f[1]) == postmaster) ticks[engines.size()] += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                } catch (IOException | RuntimeException gone) {
                    // ended meanwhile
                }
            }
        }
        ticks[engines.size() + 1] = ticksOf(ProcessHandle.current().pid());
        return ticks;
    }

    private static long ticksOf(long pid) throws IOException {
        String[] f = statFields(pid);
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** /proc/pid/stat's fields after the command's closing parenthesis (state, ppid, ..., utime at 11, stime at 12). */
    private static String[] statFields(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }

    private static void deleteQuietly(Path folder) {
        if (!Files.exists(folder)) return;
        try (var all = Files.walk(folder)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // under target/
        }
    }

    /** {@code ductus serve} on the shared project with its own data folder; its MLLP port read from its log. */
    static final class Engine {
        final String name;
        final Process process;
        final Path stderr;
        final int port;
        final long startedMs;
        final long spawnToStartedMs;
        final long startCpuMs;
        volatile String id;

        private Engine(String name, Process process, Path stderr, int port, long startedMs, long spawnToStartedMs, long startCpuMs) {
            this.name = name;
            this.process = process;
            this.stderr = stderr;
            this.port = port;
            this.startedMs = startedMs;
            this.spawnToStartedMs = spawnToStartedMs;
            this.startCpuMs = startCpuMs;
        }

        static Engine start(Path root, Path work, String name, Path project, String database) throws Exception {
            Path dir = Files.createDirectories(work.resolve(name));
            List<String> command = List.of(MllpIngestBench.distribution(root).resolve("bin/ductus").toString(), "serve",
                    "--project", project.toString(), "--data", dir.resolve("data").toString(), "--database", database,
                    "--api-listen", "127.0.0.1:0", "--plugins", dir.resolve("plugins").toString());
            Path stderr = dir.resolve("stderr.log");
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(stderr.toFile());
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            pb.environment().put("DUCTUS_STARTUP_STEPS", "1"); // the steps of its start, at debug in its log (printSteps)
            long t0 = System.nanoTime();
            Process p = pb.start();
            // A benchmark stopped early (timeout's SIGTERM, Ctrl-C) takes its engines with it.
            Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly));
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            long startedMs;
            long cpuMs;
            for (String line; ; ) {
                line = out.readLine();
                if (line == null) throw new IllegalStateException(name + ": ductus ended before starting:\n" + Files.readString(stderr));
                Matcher m = STARTED.matcher(line);
                if (m.find()) {
                    startedMs = Long.parseLong(m.group(1));
                    cpuMs = CpuUse.processMs(p.pid()); // bin/ductus execs the JVM: the same process
                    break;
                }
            }
            long spawnMs = (System.nanoTime() - t0) / 1_000_000;
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
                Matcher m = LISTENING.matcher(Files.readString(stderr));
                if (m.find()) return new Engine(name, p, stderr, Integer.parseInt(m.group(1)), startedMs, spawnMs, cpuMs);
                if (System.nanoTime() > deadline || !p.isAlive()) {
                    throw new IllegalStateException(name + ": the ingest source did not open:\n" + Files.readString(stderr));
                }
                Thread.sleep(50);
            }
        }

        /**
         * Until its first retention run ended (5 s after its start: the windows of 1,001 interfaces brought up to the
         * project, on a new database the partitions' leaves made ahead, a purge walk per interface, the counts): a one-off
         * of an engine's first minute that the ingest slices are not to measure (it took 16 s beside the one engine's
         * slice at load 10-17, and two new engines' runs fell into the three engines' slice).
         */
        void awaitRetentionRun(String token) throws Exception {
            Matcher api = API.matcher(Files.readString(stderr));
            if (!api.find()) throw new IllegalStateException(name + ": its API's port is not in its log");
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + api.group(1) + "/api/v1/retention"))
                    .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(30)).GET().build();
            long t0 = System.nanoTime();
            long deadline = t0 + TimeUnit.SECONDS.toNanos(180);
            while (true) {
                HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) throw new IllegalStateException(name + ": GET /api/v1/retention answered " + r.statusCode() + ": " + r.body());
                JsonNode last = JSON.readTree(r.body()).path("lastRun");
                if (last.path("startedAt").isTextual()) {
                    System.out.printf("engine %s: its first retention run took %d ms (waited %.1f s for it)%n", name,
                            last.path("millis").asLong(), (System.nanoTime() - t0) / 1e9);
                    return;
                }
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    throw new IllegalStateException(name + ": no retention run ended within 180 s (" + stderr + ")");
                }
                Thread.sleep(200);
            }
        }

        /** The steps of its start (ms since its JVM started, and each step's own ms) and how many other lines its start logged. */
        void printSteps() throws IOException {
            System.out.printf("steps of engine %s's start (ms since its JVM started, then the step's own ms):%n", name);
            long before = 0;
            int logged = 0;
            for (String line : Files.readAllLines(stderr)) {
                Matcher m = STEP.matcher(line);
                if (m.find()) {
                    long at = Long.parseLong(m.group(1));
                    System.out.printf("  %6d  %+6d  %s%n", at, at - before, m.group(2));
                    before = at;
                    if (m.group(2).equals("engine started")) break;
                } else {
                    logged++;
                }
            }
            System.out.printf("  its start logged %d line(s) besides the steps%n", logged);
        }

        void stop() throws Exception {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly();
        }
    }
}
