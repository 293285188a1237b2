package io.ductus.bench;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.SourceProgress;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * CSV rows through the file source into SQLite, relaxed durability: {@code ductus serve} as a child
 * process watches a folder (poll 50ms); a file of 300,000 lab-result rows is renamed into it; timed from
 * the rename until the file lands in the done folder, which happens only after its last batch is stored
 * (so it includes noticing the file: two listings). The ingest window alone (first to last row stored,
 * from the rows' received times) is reported too, and as the reference, the store itself taking the same
 * rows in batches of 500 with progress, in this JVM (no splitting, no intake): the ceiling for the source.
 * Each engine first takes a warm-up file of {@value #WARM_UP_ROWS} rows, untimed, as the store reference
 * and store-commit warm up too: what is measured is a running engine, not its JIT compiler's first minutes.
 */
final class FileIngestBench implements BenchMain.Scenario {

    private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux
    private static final int WARM_UP_ROWS = 300_000;
    private static final String HEADER = "lab,patient_id,first_name,last_name,state,test_time,specimen_id,test_code,result,units\n";

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int rows = quick ? 100_000 : 300_000;
        int runs = quick ? 1 : 3;
        Path work = Files.createTempDirectory(Files.createDirectories(root.resolve("bench/target")), "file-ingest");
        Path csv = work.resolve("rows.csv");
        long bytes = writeRows(csv, rows);
        Path warmUp = work.resolve("warm-up.csv");
        writeRows(warmUp, WARM_UP_ROWS);
        System.out.printf("file-ingest: %d CSV rows, %.1f MB (%d bytes per row), relaxed durability, SQLite, in %s%n",
                rows, bytes / 1e6, bytes / rows, work);

        String loadBefore = LoadAverage.now();
        List<Double> endToEnd = new ArrayList<>();
        List<Double> window = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (int run = 1; run <= runs; run++) {
            double[] r = engineRun(root, work.resolve("run" + run), warmUp, csv, rows);
            endToEnd.add(r[0]);
            window.add(r[1]);
            cpu.add(r[2]);
            System.out.printf("run %d: %.0f rows/s from the file's arrival to its move to done (%.2f s); ingest window %.0f rows/s;"
                    + " engine CPU %.1f us per row (all its threads)%n", run, r[0], rows / r[0], r[1], r[2]);
        }
        double store = storeOnly(work.resolve("store"), csv, rows);
        System.out.printf("reference: the SQLite store alone, same rows in batches of 500 with progress: %.0f rows/s%n", store);
        endToEnd.sort(Comparator.naturalOrder());
        window.sort(Comparator.naturalOrder());
        cpu.sort(Comparator.naturalOrder());
        System.out.printf("load average before and after: %s / %s%n", loadBefore, LoadAverage.now());
        System.out.printf("RESULT file-ingest rows_per_s=%.0f rows_per_s_min=%.0f rows_per_s_max=%.0f ingest_window_rows_per_s=%.0f"
                        + " engine_cpu_us_per_row=%.1f store_only_rows_per_s=%.0f rows=%d runs=%d%n",
                endToEnd.get(endToEnd.size() / 2), endToEnd.get(0), endToEnd.get(endToEnd.size() - 1),
                window.get(window.size() / 2), cpu.get(cpu.size() / 2), store, rows, runs);
        deleteTree(work);
    }

    /** One engine, one file: [rows per second end to end, rows per second over the ingest window]. */
    private static double[] engineRun(Path root, Path dir, Path warmUp, Path csv, int rows) throws Exception {
        Path project = dir.resolve("project");
        Path data = dir.resolve("data");
        Path in = Files.createDirectories(data.resolve("in"));
        Files.createDirectories(project.resolve("interfaces/ingest"));
        // The destination's port has no listener: deliveries wait and retry, so the run measures intake alone.
        Files.writeString(project.resolve("interfaces/ingest/interface.yaml"), """
                source: { type: file, folder: in, split: csv, poll: 50ms }
                format: csv
                durability: relaxed
                destinations:
                  nowhere: { type: mllp, connect: 127.0.0.1:9 }
                """);
        Process engine = startEngine(root, project, data, dir);
        try {
            drop(warmUp, in);
            long warmUpRows = storedAndWindow(data.resolve("ductus.db"), 0)[0];
            if (warmUpRows != WARM_UP_ROWS) throw new IllegalStateException(warmUpRows + " warm-up rows stored, expected " + WARM_UP_ROWS);
            Files.copy(csv, in.resolve(".rows.csv.tmp"));
            long cpu0 = cpuTicks(engine);
            long t0 = System.nanoTime();
            Files.move(in.resolve(".rows.csv.tmp"), in.resolve("rows.csv"), StandardCopyOption.ATOMIC_MOVE);
            awaitDone(in.resolve("done/rows.csv"), t0);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpuMicros = (cpuTicks(engine) - cpu0) * 1e6 / CLOCK_TICKS_PER_SECOND;
            long[] stored = storedAndWindow(data.resolve("ductus.db"), warmUpRows);
            if (stored[0] != rows) throw new IllegalStateException(stored[0] + " rows stored, expected " + rows);
            return new double[]{rows / seconds, rows / Math.max(stored[1] / 1000.0, 0.001), cpuMicros / rows};
        } finally {
            engine.destroy();
            if (!engine.waitFor(30, TimeUnit.SECONDS)) engine.destroyForcibly();
        }
    }

    /** Renames a copy of the file into the watched folder and waits until it is done. */
    private static void drop(Path file, Path in) throws Exception {
        Path name = file.getFileName();
        Files.copy(file, in.resolve("." + name + ".tmp"));
        Files.move(in.resolve("." + name + ".tmp"), in.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        awaitDone(in.resolve("done").resolve(name), System.nanoTime());
    }

    private static void awaitDone(Path done, long since) throws InterruptedException {
        long deadline = since + TimeUnit.SECONDS.toNanos(300);
        while (!Files.exists(done)) {
            if (System.nanoTime() > deadline) throw new IllegalStateException(done.getFileName() + " was not done within 300 s");
            Thread.sleep(2);
        }
    }

    /** utime + stime of the engine's JVM (bin/ductus execs java, so this is the JVM's pid). */
    static long cpuTicks(Process engine) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(engine.pid()), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** [rows stored after the first {@code skipped} messages, ms between the first and the last of them]. */
    private static long[] storedAndWindow(Path db, long skipped) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             PreparedStatement s = c.prepareStatement("SELECT count(*), max(received_at) - min(received_at) FROM messages WHERE id > ?")) {
            s.setLong(1, skipped);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return new long[]{rs.getLong(1), rs.getLong(2)};
            }
        }
    }

    /** The same rows (header in front) stored straight into the store, 500 per transaction with a progress row. */
    private static double storeOnly(Path dir, Path csv, int rows) throws Exception {
        Files.createDirectories(dir);
        List<byte[]> payloads = new ArrayList<>(rows);
        try (BufferedReader r = Files.newBufferedReader(csv)) {
            String header = r.readLine() + "\n";
            for (String line; (line = r.readLine()) != null; ) payloads.add((header + line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        try (JdbcStore store = SqliteStores.open(dir.resolve("bench.db"))) {
            long t0 = System.nanoTime();
            for (int from = 0; from < payloads.size(); from += 500) {
                List<NewMessage> batch = new ArrayList<>(500);
                long now = System.currentTimeMillis();
                for (int i = from; i < Math.min(from + 500, payloads.size()); i++) {
                    batch.add(new NewMessage(now, payloads.get(i), "UTF-8", null, 0, null, List.of("nowhere"), "file=rows.csv record=" + (i + 1)));
                }
                store.store(new IntakeBatch("ingest", Durability.RELAXED, batch, new SourceProgress("file", "offset=" + from)), now);
            }
            return rows / ((System.nanoTime() - t0) / 1e9);
        }
    }

    private static long writeRows(Path csv, int rows) throws IOException {
        String[] states = {"FL", "AZ", "IL", "NY", "CA", "TX"};
        try (BufferedWriter out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            out.write(HEADER);
            for (int n = 1; n <= rows; n++) {
                out.write((n % 7 == 0 ? "\"Labs, Inc\"" : "County Lab") + "," + (100000 + n % 50000) + ",Jane,Doe" + (n % 101) + ","
                        + states[n % states.length] + ",2026-11-29T10:" + String.format("%02d:%02d", n / 60 % 60, n % 60) + "+00:00,"
                        + (40000000 + n) + ",94500-6,\"" + (n % 3 == 0 ? "Detected" : "Not detected") + "\",\n");
            }
        }
        return Files.size(csv);
    }

    static Process startEngine(Path root, Path project, Path data, Path dir) throws Exception {
        List<String> command = List.of(root.resolve("server-launcher/target/ductus/bin/ductus").toString(), "serve",
                "--project", project.toString(), "--data", data.toString(), "--api-listen", "127.0.0.1:0",
                "--plugins", dir.resolve("plugins").toString());
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(dir.resolve("stderr.log").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; ; ) {
            line = out.readLine();
            if (line == null) throw new IllegalStateException("ductus ended before starting:\n" + Files.readString(dir.resolve("stderr.log")));
            if (line.contains("ductus started in")) {
                Files.writeString(dir.resolve("stdout.log"), line + "\n"); // the started line, with the API's address
                break;
            }
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
        return p;
    }

    static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) return;
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
