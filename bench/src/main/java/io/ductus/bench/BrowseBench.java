package io.ductus.bench;

import io.ductus.store.IntakeBatch;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.Store;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.sqlite.SqliteStores;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The message browser over a million stored messages ({@link BrowseData}), on SQLite and on a real
 * PostgreSQL server: the first page, a status filter, time ranges, all filters at once and a text search,
 * each through {@link Store#browse} as the API calls it, many times in alternation; medians reported.
 * Target: each under 100 ms at the median.
 *
 * <p>Loading goes through {@link Store#store} (batches of one interface's messages, relaxed durability);
 * then the final statuses of all but the newest 1.5 % (still pending) are set in bulk with SQL, as the
 * workers would have left them: about 0.5 % of deliveries quarantined, 3.5 % filtered, the rest sent.
 */
final class BrowseBench implements BenchMain.Scenario {

    static final long END = Instant.parse("2026-11-30T00:00:00Z").toEpochMilli();
    private static final long HOUR = 3_600_000L;
    private static final long DAY = 24 * HOUR;
    private static final int CHUNK = 600;

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int total = quick ? 100_000 : 1_000_000;
        int rounds = quick ? 15 : 51;
        // DUCTUS_BENCH_KEEP=1 keeps the loaded databases, and a later run with it measures them again.
        boolean keep = "1".equals(System.getenv("DUCTUS_BENCH_KEEP"));
        Path folder = root.resolve("bench/target/browse");
        if (!keep) deleteTree(folder);
        Files.createDirectories(folder);
        System.out.printf("browse: %,d messages over %d days, 6 interfaces, 1-3 destinations; %d timed rounds of"
                + " each query, in %s%n", total, BrowseData.DAYS, rounds, folder);
        System.out.printf("machine: %d cores, %,d MB memory; the disk and the cores are shared with other work%n",
                Runtime.getRuntime().availableProcessors(), totalMemoryMb());
        String loadBefore = LoadAverage.now();

        Map<String, Double> sqlite;
        double sqliteLoad = 0;
        Path file = folder.resolve("browse.db");
        boolean sqliteLoaded = Files.exists(file);
        try (JdbcStore store = SqliteStores.open(file)) {
            if (!sqliteLoaded) {
                long t0 = System.nanoTime();
                load(store, total, 1);
                try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
                    finish(c);
                    // As the store's checkpoint leaves it while writes go on: copied back, the WAL starts afresh.
                    try (Statement s = c.createStatement()) {
                        s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                    }
                }
                sqliteLoad = (System.nanoTime() - t0) / 1e9;
            }
            System.out.printf("sqlite: %s (%s)%n", loaded(sqliteLoaded, sqliteLoad), sizeOf(folder, "browse.db"));
            sqlite = measure("sqlite", store, rounds);
        }

        Map<String, Double> pg;
        double pgLoad = 0;
        boolean pgLoaded = Files.exists(folder.resolve("postgres/PG_VERSION"));
        try (EmbeddedPostgres server = EmbeddedPostgres.builder()
                .setDataDirectory(folder.resolve("postgres"))
                .setCleanDataDirectory(!keep)
                .setServerConfig("synchronous_commit", "on") // as in production; relaxed batches turn it off
                .setServerConfig("fsync", "on")
                .setServerConfig("shared_buffers", "512MB")
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
             JdbcStore store = PostgresStores.open("postgres://postgres:postgres@localhost:" + server.getPort() + "/postgres")) {
            if (!pgLoaded) {
                long t0 = System.nanoTime();
                load(store, total, 2);
                try (Connection c = server.getPostgresDatabase().getConnection()) {
                    finish(c);
                    c.setAutoCommit(true);
                    try (Statement s = c.createStatement()) {
                        s.execute("VACUUM ANALYZE"); // what autovacuum does after a load like this
                    }
                }
                pgLoad = (System.nanoTime() - t0) / 1e9;
            }
            System.out.printf("postgres: %s (%s)%n", loaded(pgLoaded, pgLoad), sizeOf(folder, "postgres"));
            pg = measure("postgres", store, rounds);
        }
        System.out.printf("load average (other work on this machine counts too): %s before, %s after%n", loadBefore,
                LoadAverage.now());
        if (!keep) deleteTree(folder);
        StringBuilder result = new StringBuilder("RESULT browse");
        sqlite.forEach((k, v) -> result.append(String.format(" sqlite_%s_ms=%.1f", k, v)));
        pg.forEach((k, v) -> result.append(String.format(" pg_%s_ms=%.1f", k, v)));
        result.append(String.format(" sqlite_load_s=%.0f pg_load_s=%.0f messages=%d", sqliteLoad, pgLoad, total));
        System.out.println(result);
    }

    private static String loaded(boolean before, double seconds) {
        return before ? "measuring the databases a kept run loaded" : String.format("loaded in %.0f s", seconds);
    }

    /**
     * The queries timed, by RESULT key: the first page; quarantined messages of every interface; one hour
     * three days ago; one interface's sent messages of one day two days ago; a text search (a patient's MRN,
     * rare enough that the whole window is read); the last seven days (a range that reaches the present);
     * and a whole day five days ago (a range whose cost is its size, about 100,000 messages).
     */
    static Map<String, MessageQuery> queries() {
        Map<String, MessageQuery> q = new LinkedHashMap<>();
        q.put("first", MessageQuery.newest(null, 50));
        q.put("status", new MessageQuery(null, MessageStatus.QUARANTINED, null, null, null, 50));
        q.put("time", new MessageQuery(null, null, END - 3 * DAY - HOUR, END - 3 * DAY, null, 50));
        q.put("filter", new MessageQuery("oru-in", MessageStatus.SENT, END - 2 * DAY, END - DAY, null, 50));
        q.put("text", MessageQuery.newest(null, 50).withText(BrowseData.RARE_MRN));
        q.put("week", new MessageQuery(null, null, END - 7 * DAY, null, null, 50));
        q.put("day", new MessageQuery(null, null, END - 5 * DAY, END - 4 * DAY, null, 50));
        return q;
    }

    /** Runs every query once per round, in turn; returns each one's median in ms. */
    private static Map<String, Double> measure(String db, Store store, int rounds) {
        Map<String, MessageQuery> queries = queries();
        Map<String, long[]> nanos = new LinkedHashMap<>();
        queries.keySet().forEach(k -> nanos.put(k, new long[rounds]));
        Map<String, MessagePage> last = new LinkedHashMap<>();
        for (int warm = 0; warm < 3; warm++) queries.values().forEach(store::browse);
        for (int r = 0; r < rounds; r++) {
            for (Map.Entry<String, MessageQuery> e : queries.entrySet()) {
                long t0 = System.nanoTime();
                MessagePage page = store.browse(e.getValue());
                nanos.get(e.getKey())[r] = System.nanoTime() - t0;
                last.put(e.getKey(), page);
            }
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        nanos.forEach((k, times) -> {
            long[] sorted = times.clone();
            Arrays.sort(sorted);
            medians.put(k, sorted[rounds / 2] / 1e6);
            MessagePage page = last.get(k);
            System.out.printf("%s: %-6s median %7.1f ms, max %7.1f ms: %d on the page%s%n", db, k, sorted[rounds / 2] / 1e6,
                    sorted[rounds - 1] / 1e6, page.messages().size(),
                    page.scanLimitReached() ? ", scan limit reached at id " + page.nextBeforeId() : "");
        });
        textThrough(db, store, 10);
        return medians;
    }

    /** A text search carried on through {@code calls} windows, as a client that keeps asking would. */
    private static void textThrough(String db, Store store, int calls) {
        MessageQuery q = queries().get("text");
        int found = 0;
        int made = 0;
        long t0 = System.nanoTime();
        while (made < calls) {
            MessagePage page = store.browse(q);
            made++;
            found += page.messages().size();
            if (page.nextBeforeId() == null) break;
            q = q.withBeforeId(page.nextBeforeId());
        }
        System.out.printf("%s: text search through %d windows of %,d: %d found in %.0f ms%n", db, made,
                MessageQuery.DEFAULT_SCAN_LIMIT, found, (System.nanoTime() - t0) / 1e6);
    }

    /** Stores {@code total} messages through the store: one thread makes them, {@code writers} store them. */
    static void load(Store store, int total, int writers) throws Exception {
        BrowseData data = new BrowseData(END, total);
        BlockingQueue<List<IntakeBatch>> chunks = new ArrayBlockingQueue<>(64);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            done.add(pool.submit(() -> {
                for (List<IntakeBatch> chunk = chunks.take(); !chunk.isEmpty(); chunk = chunks.take()) {
                    for (IntakeBatch b : chunk) store.store(b, b.messages().get(b.messages().size() - 1).receivedAt());
                }
                return null;
            }));
        }
        try {
            for (long i = 0; i < total; i += CHUNK) chunks.put(data.chunk(i, CHUNK));
            for (int w = 0; w < writers; w++) chunks.put(List.of());
            for (Future<?> f : done) f.get();
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Sets the final statuses the workers would have recorded, in bulk: every delivery of all but the newest
     * 1.5 % of messages finishes (0.5 % quarantined, 3.5 % filtered, the rest sent), then each message's
     * status is derived from its deliveries as settling does.
     */
    static void finish(Connection c) throws Exception {
        c.setAutoCommit(false);
        long maxId;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(id) FROM messages")) {
            rs.next();
            maxId = rs.getLong(1);
        }
        long cut = maxId * 985 / 1000;
        String roll = "(message_id * 7919 + LENGTH(destination) * 104729) % 1000";
        String deliveries = "UPDATE deliveries SET status = CASE WHEN " + roll + " < 5 THEN 'quarantined' WHEN " + roll
                + " < 40 THEN 'filtered' ELSE 'sent' END, attempts = 1, last_error = CASE WHEN " + roll
                + " < 5 THEN 'HTTP 422: the receiver refused the message' WHEN " + roll + " < 40 THEN 'not for this"
                + " destination' END, updated_at = updated_at + 800 WHERE message_id >= ? AND message_id < ?"
                + " AND status = 'pending'";
        String messages = """
                UPDATE messages SET settled_at = received_at + 1000, status = CASE
                  WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = messages.id AND d.status = 'quarantined')
                    THEN 'quarantined'
                  WHEN EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = messages.id AND d.status = 'sent')
                    THEN 'sent'
                  ELSE 'filtered' END
                WHERE id >= ? AND id < ? AND status = 'pending'""";
        try (PreparedStatement d = c.prepareStatement(deliveries); PreparedStatement m = c.prepareStatement(messages)) {
            for (long from = 0; from <= cut; from += 100_000) {
                long to = Math.min(from + 100_000, cut + 1);
                for (PreparedStatement ps : List.of(d, m)) {
                    ps.setLong(1, from);
                    ps.setLong(2, to);
                    ps.executeUpdate();
                }
                c.commit();
            }
        }
    }

    private static String sizeOf(Path folder, String name) throws Exception {
        long bytes;
        try (Stream<Path> files = Files.walk(folder.resolve(name))) {
            bytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        if (name.endsWith(".db")) {
            for (String suffix : List.of("-wal", "-shm")) {
                Path p = folder.resolve(name + suffix);
                if (Files.exists(p)) bytes += Files.size(p);
            }
        }
        return String.format("%,d MB on disk", bytes >> 20);
    }

    private static long totalMemoryMb() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getTotalMemorySize() >> 20;
    }

    private static void deleteTree(Path folder) throws Exception {
        if (!Files.exists(folder)) return;
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
