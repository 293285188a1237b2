package io.ductus.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.retention.RetentionStore;
import io.ductus.store.sqlite.SqliteStores;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Retention on both databases. (1) Strict MLLP ingest at 16 connections into {@code ductus serve} (a child
 * process) alone, then while the engine purges 1,000,000 expired messages of another interface (a shorter
 * window confirmed over the API starts it), then alone again: ACKs per second during the purge against the
 * mean of the two phases alone, in the same run; the purge's rows per second as the engine reports its run.
 * (2) The database's size after eight simulated weeks at a steady rate with a one-week window (purged and
 * given back daily, through the store as the engine's run does it) against its size after one window.
 */
final class RetentionBench implements BenchMain.Scenario {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long DAY = 86_400_000L;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String api;
    private String token;

    private record Ingest(double alone, double during, double ratio, long deleted, double purgeSeconds, double rowsPerSecond,
                          double longestBatchMillis) {
    }

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int expired = quick ? 100_000 : 1_000_000;
        int perDay = quick ? 1_500 : 5_000;
        Path work = root.resolve("bench/target/retention");
        TrialBench.deleteQuietly(work);
        Files.createDirectories(work);
        Path ductus = root.resolve("server-launcher/target/ductus/bin/ductus");

        Ingest sqlite = ingest(ductus, work.resolve("sqlite"), null, null, expired, quick);
        double sqliteSteady = steady(SqliteStores.open(work.resolve("steady/ductus.db")), null, perDay, "SQLite");

        Ingest pg;
        double pgSteady;
        EmbeddedPostgres server = EmbeddedPostgres.builder().setDataDirectory(work.resolve("pgdata")).setCleanDataDirectory(true)
                .setServerConfig("synchronous_commit", "on").setServerConfig("fsync", "on").setServerConfig("max_connections", "200").start();
        try {
            pg = ingest(ductus, work.resolve("pg"), server, MllpIngestBench.newDatabase(server, "ingest"), expired, quick);
            String steadyUrl = MllpIngestBench.newDatabase(server, "steady");
            pgSteady = steady(PostgresStores.open(steadyUrl), server, perDay, "PostgreSQL");
        } finally {
            server.close();
        }
        System.out.printf(Locale.ROOT, "RESULT retention ingest_during_over_alone=%.2f purge_rows_per_s=%.0f steady_size_over_window_size=%.2f"
                        + " sqlite_ingest_during_over_alone=%.2f sqlite_purge_rows_per_s=%.0f sqlite_steady_size_over_window_size=%.2f"
                        + " pg_ingest_during_over_alone=%.2f pg_purge_rows_per_s=%.0f pg_steady_size_over_window_size=%.2f"
                        + " sqlite_alone_per_s=%.0f sqlite_during_per_s=%.0f pg_alone_per_s=%.0f pg_during_per_s=%.0f"
                        + " sqlite_batch_max_ms=%.1f pg_batch_max_ms=%.1f expired=%d%n",
                Math.min(sqlite.ratio(), pg.ratio()), Math.min(sqlite.rowsPerSecond(), pg.rowsPerSecond()), Math.max(sqliteSteady, pgSteady),
                sqlite.ratio(), sqlite.rowsPerSecond(), sqliteSteady, pg.ratio(), pg.rowsPerSecond(), pgSteady,
                sqlite.alone(), sqlite.during(), pg.alone(), pg.during(), sqlite.longestBatchMillis(), pg.longestBatchMillis(), expired);
    }

    /** Part 1 on one database ({@code database}: null for the data folder's SQLite file). */
    private Ingest ingest(Path ductus, Path work, EmbeddedPostgres server, String database, int expired, boolean quick) throws Exception {
        Path project = work.resolve("project");
        Path data = work.resolve("data");
        int port = MllpIngestBench.freePort();
        writeProject(project, port);
        String kind = database == null ? "SQLite" : "PostgreSQL";
        long t0 = System.nanoTime();
        try (JdbcStore store = database == null ? SqliteStores.open(data.resolve("ductus.db")) : PostgresStores.open(database)) {
            fill(store, server, expired);
        }
        System.out.printf("retention, %s: %,d messages of old-feed, 20 days old, stored in %.1f s (kept 7w; its files say 1w)%n", kind,
                expired, (System.nanoTime() - t0) / 1e9);
        Process engine = start(ductus, project, data, database, work.resolve("engine.log"));
        try {
            token = TrialBench.tokenOf(ductus, project, data, "admin", database);
            awaitFirstCount();
            try (TrialBench.Traffic senders = TrialBench.Traffic.flat(port, 16)) {
                Thread.sleep(quick ? 2_000 : 4_000); // warm
                long window = quick ? 4_000 : 8_000;
                double alone1 = rate(senders, window);
                long d0 = senders.acked.get();
                long r0 = System.nanoTime();
                Instant confirmed = Instant.now();
                call("POST", "/api/v1/retention/old-feed/confirm");
                JsonNode run = awaitRunAfter(confirmed);
                double during = (senders.acked.get() - d0) / ((System.nanoTime() - r0) / 1e9);
                double alone2 = rate(senders, window);
                long deleted = run.get("deleted").asLong();
                double seconds = run.get("purgeMillis").asLong() / 1000.0;
                double reclaimSeconds = run.get("reclaimMillis").asLong() / 1000.0;
                if (deleted != expired) throw new IllegalStateException("the run deleted " + deleted + " of " + expired + ": " + run);
                double alone = (alone1 + alone2) / 2;
                System.out.printf(Locale.ROOT, "retention, %s: 16 strict MLLP senders %,.0f ACKs/s alone before, %,.0f during the purge,"
                                + " %,.0f alone after (refused %d); the run deleted %,d messages in %.1f s (%,.0f/s), then gave the"
                                + " space back in %.1f s (run %.1f s in all)%n", kind, alone1, during, alone2, senders.refused.get(), deleted, seconds,
                        deleted / seconds, reclaimSeconds, run.get("millis").asLong() / 1000.0);
                double longest = run.get("longestBatchMillis").asDouble();
                System.out.printf(Locale.ROOT, "retention, %s: the longest purge batch held the writer %.1f ms%n", kind, longest);
                return new Ingest(alone, during, during / alone, deleted, seconds, deleted / seconds, longest);
            }
        } finally {
            engine.destroy();
            if (!engine.waitFor(60, TimeUnit.SECONDS)) engine.destroyForcibly();
        }
    }

    private static double rate(TrialBench.Traffic senders, long millis) throws InterruptedException {
        long a0 = senders.acked.get();
        long s0 = System.nanoTime();
        Thread.sleep(millis);
        return (senders.acked.get() - a0) / ((System.nanoTime() - s0) / 1e9);
    }

    /** The engine's first run (5 s after its start) has counted everything: measuring alone starts after it. */
    private void awaitFirstCount() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            JsonNode r = JSON.readTree(call("GET", "/api/v1/retention").body());
            if (!r.get("countedAt").isNull()) return;
            Thread.sleep(200);
        }
        throw new IllegalStateException("retention's first run did not end within 5 minutes");
    }

    private JsonNode awaitRunAfter(Instant confirmed) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(30);
        while (System.nanoTime() < deadline) {
            JsonNode last = JSON.readTree(call("GET", "/api/v1/retention").body()).get("lastRun");
            if (!last.get("startedAt").isNull() && !Instant.parse(last.get("startedAt").asText()).isBefore(confirmed.minusSeconds(1))
                    && last.get("deleted").asLong() > 0) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the purge did not end within 30 minutes");
    }

    /**
     * Expired messages of old-feed (1 KB, one destination, sent), and its window on record as 7w: 1w waits for the
     * confirmation. Through the store on SQLite; on PostgreSQL in two INSERT … SELECT statements, as the store
     * would have left them (storing a million messages a batch at a time there takes longer than the benchmark).
     */
    private static void fill(JdbcStore store, EmbeddedPostgres server, int messages) throws Exception {
        long now = System.currentTimeMillis();
        long at = now - 20 * DAY;
        store.retention().apply("old-feed", 49, "bench", now, null);
        byte[] payload = ("MSH|^~\\&|LAB|HOSP|EHR|HOSP|20261101||ORU^R01|1|P|2.5\rOBX|1|NM|GLU^Glucose||5.4|mmol/l|\r").repeat(12)
                .getBytes(StandardCharsets.ISO_8859_1);
        if (server != null) {
            store.retention().maintain(now, Map.of()); // the leaves of the last seven weeks, as the engine makes them
            bulk(server, "bench_ingest", "old-feed", 49, messages, at, List.of("out"), payload);
            return;
        }
        DestinationRef out = new DestinationRef("old-feed", "out");
        for (int done = 0; done < messages; ) {
            int n = Math.min(1000, messages - done);
            List<NewMessage> batch = new ArrayList<>(n);
            for (int i = 0; i < n; i++) batch.add(new NewMessage(at + done + i, payload, "ISO-8859-1", null, 0, null, List.of("out"), null));
            List<Stored> stored = store.store(IntakeBatch.of("old-feed", Durability.RELAXED, batch), at);
            List<DeliveryOutcome> sent = new ArrayList<>(n);
            for (Stored s : stored) sent.add(DeliveryOutcome.sent(s.id(), out, 1, null, null));
            store.record(sent, at);
            done += n;
        }
    }

    /**
     * Part 2: eight weeks at {@code perDay} messages a day (1.2 KB, two destinations, sent), a one-week window,
     * the purge and the giving back after each day as the engine's run does them; PostgreSQL also gets the
     * VACUUM its autovacuum would have made over the day (the simulation's day lasts a second or two).
     */
    private static double steady(JdbcStore store, EmbeddedPostgres server, int perDay, String kind) throws Exception {
        // PostgreSQL: each day's messages in two INSERT … SELECT statements (see fill); the purge goes through the store.
        long start = System.currentTimeMillis() - 60 * DAY;
        long windowSize = 0;
        long t0 = System.nanoTime();
        try (store) {
            store.retention().applyNew(Map.of("steady", 7), "bench", start);
            byte[] payload = "MSH|^~\\&|LAB|HOSP|EHR|HOSP|20261101||ADT^A01|1|P|2.5\rPID|1||12345||DOE^JANE\r".repeat(16)
                    .getBytes(StandardCharsets.ISO_8859_1);
            for (int day = 0; day < 56; day++) {
                long at = start + day * DAY;
                // PostgreSQL: the run's maintenance (leaves ahead, expired ones dropped); elsewhere nothing
                store.retention().maintain(at, Map.of("steady", new RetentionStore.Keeping(7, false)));
                if (server != null) bulk(server, "bench_steady", "steady", 7, perDay, at, List.of("a", "b"), payload);
                for (int done = 0; server == null && done < perDay; done += 500) {
                    List<NewMessage> batch = new ArrayList<>(500);
                    for (int i = 0; i < 500; i++) batch.add(new NewMessage(at + done + i, payload, "ISO-8859-1", null, 0, null,
                            List.of("a", "b"), null));
                    List<Stored> stored = store.store(IntakeBatch.of("steady", Durability.RELAXED, batch), at);
                    List<DeliveryOutcome> sent = new ArrayList<>();
                    for (Stored s : stored) {
                        sent.add(DeliveryOutcome.sent(s.id(), new DestinationRef("steady", "a"), 1, null, null));
                        sent.add(DeliveryOutcome.sent(s.id(), new DestinationRef("steady", "b"), 1, null, null));
                    }
                    store.record(sent, at);
                }
                long cutoff = store.retention().cutoff(7, at + DAY);
                long after = 0;
                RetentionStore.Purged batch;
                do {
                    batch = store.retention().purge("steady", cutoff, false, after, 1000);
                    after = batch.lastId();
                } while (!batch.done());
                while (store.retention().reclaim(1024) > 0) {
                    // SQLite: free pages back; PostgreSQL: nothing to do here
                }
                if (server != null) vacuum(server, "bench_steady");
                if (day == 6) windowSize = store.retention().space().bytes();
            }
            long steadySize = store.retention().space().bytes();
            double ratio = (double) steadySize / windowSize;
            System.out.printf(Locale.ROOT, "retention, %s: %,d messages a day, 1w window: %,d bytes after one window, %,d after eight weeks"
                    + " (%.2f; %,d bytes per 1,000 messages kept); simulated in %.1f s%n", kind, perDay, windowSize, steadySize, ratio,
                    steadySize * 1000 / (7L * perDay), (System.nanoTime() - t0) / 1e9);
            return ratio;
        }
    }

    /** {@code n} sent messages received from {@code at} on, each with a sent delivery per destination. */
    private static void bulk(EmbeddedPostgres server, String database, String iface, int tier, int n, long at, List<String> destinations,
                             byte[] payload)
            throws Exception {
        try (Connection c = server.getDatabase("postgres", database).getConnection()) {
            try (var ps = c.prepareStatement("INSERT INTO messages (interface_name, received_at, status, payload, charset, lane, settled_at, tier)"
                    + " SELECT ?, ? + g, 'sent', ?, 'ISO-8859-1', 0, ?, ? FROM generate_series(0, ? - 1) g")) {
                ps.setString(1, iface);
                ps.setLong(2, at);
                ps.setBytes(3, payload);
                ps.setLong(4, at);
                ps.setInt(5, tier);
                ps.setInt(6, n);
                ps.executeUpdate();
            }
            for (String d : destinations) {
                try (var ps = c.prepareStatement("INSERT INTO deliveries (message_id, destination, interface_name, lane, status, attempts, updated_at,"
                        + " tier, received_at) SELECT id, ?, interface_name, 0, 'sent', 1, ?, tier, received_at FROM messages WHERE interface_name = ? AND received_at >= ? AND received_at < ?")) {
                    ps.setString(1, d);
                    ps.setLong(2, at);
                    ps.setString(3, iface);
                    ps.setLong(4, at);
                    ps.setLong(5, at + n);
                    ps.executeUpdate();
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE messages");
                s.execute("ANALYZE deliveries");
            }
        }
    }

    private static void vacuum(EmbeddedPostgres server, String name) throws Exception {
        try (Connection c = server.getDatabase("postgres", name).getConnection(); Statement s = c.createStatement()) {
            s.execute("VACUUM messages, deliveries, dedupe_keys");
        }
    }

    private Process start(Path ductus, Path project, Path data, String database, Path stderr) throws Exception {
        List<String> command = new ArrayList<>(List.of(ductus.toString(), "serve", "--project", project.toString(), "--data",
                data.toString(), "--api-listen", "127.0.0.1:0", "--plugins", project.resolveSibling("plugins").toString()));
        if (database != null) command.addAll(List.of("--database", database));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(stderr.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process engine = pb.start();
        api = TrialBench.awaitStarted(engine, stderr);
        return engine;
    }

    private HttpResponse<String> call(String method, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(api + path)).header("Authorization", "Bearer " + token)
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) throw new IllegalStateException(method + " " + path + ": " + r.statusCode() + " " + r.body());
        return r;
    }

    private static void writeProject(Path project, int port) throws Exception {
        Path adt = Files.createDirectories(project.resolve("interfaces/adt-in"));
        Files.writeString(adt.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                ordering: { key: PID-3.1, partitions: 8 }
                destinations:
                  out: { type: file, path: "adt/{id}.hl7", fsync: false }
                """.formatted(port));
        Path old = Files.createDirectories(project.resolve("interfaces/old-feed"));
        Files.writeString(old.resolve("interface.yaml"), """
                source: internal
                format: hl7
                retention: 1w
                destinations:
                  out: { type: file, path: "old/{id}.hl7", fsync: false }
                """);
    }
}
