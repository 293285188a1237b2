package io.ductus.store.sqlite;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test (run with {@code -Dductus.probe=wal-pages -Dtest=WalPagesProbe}): the WAL frames
 * (pages) each commit of one feed's write mix appends, and whose b-tree each page is, on a file migrated by the
 * store's own migrations and filled first as the engine's file is after a minute of one connection. Per message,
 * through the Store API the engine calls: the strict store of a message (the intake's commit), and the worker's
 * relaxed {@link JdbcStore#record} of its outcome, sent (the delivery finished, the message settled), committed on
 * its own (as 20 % of them are in the engine) or riding in the next strict commit (80 %: here the union of the two
 * commits' pages, which is what that one commit writes). The WAL's frames are read from its file (the frames of its
 * current generation: the header's salts), the pages' b-trees from {@code dbstat} of a copy of the file opened with
 * the system's {@code sqlite3} (which applies the copied WAL). A window in which the checkpointer started the WAL over
 * is measured again.
 */
@EnabledIfSystemProperty(named = "ductus.probe", matches = "wal-pages")
class WalPagesProbe {

    private static final int FILL = Integer.getInteger("ductus.probe.fill", 20_000);
    private static final int WINDOW = Integer.getInteger("ductus.probe.window", 40);
    private static final DestinationRef ARCHIVE = new DestinationRef("ingest", "archive");
    private static final byte[] PAYLOAD = ("MSH|^~\\&|SND|FAC|RCV|FAC|20260101120000||ADT^A01|MSG00001|P|2.5\r"
            + "EVN|A01|20260101120000\rPID|1||123456^^^HOSP^MR||DOE^JOHN||19700101|M\rPV1|1|I|WARD^1^1\r")
            .getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path folder;

    private long counter;

    @Test
    void measure() throws Exception {
        Path file = folder.resolve("ductus.db").toAbsolutePath();
        Path wal = Path.of(file + "-wal");
        try (JdbcStore store = SqliteStores.open(file)) {
            for (int i = 0; i < FILL; i++) recorded(store, stored(store));
            System.out.printf("filled: %d messages stored and recorded%n", FILL);
            // 1. strict stores only; 2. each stored then its outcome recorded, two commits.
            List<List<Integer>> strictOnly = window(store, wal, false);
            List<List<Integer>> withOutcomes = window(store, wal, true);
            Map<Integer, String> btreeOf = btrees(file, wal);
            report("strict store alone, one message a commit", strictOnly, 1, btreeOf);
            report("strict store, then its outcome recorded relaxed (two commits a message)", withOutcomes, 2, btreeOf);
            // the outcome riding in the next strict commit: that commit writes the union of both commits' pages
            List<List<Integer>> riding = new ArrayList<>();
            for (int i = 0; i + 2 < withOutcomes.size(); i += 2) {
                List<Integer> union = new ArrayList<>(new TreeSet<>(withOutcomes.get(i + 1)));
                for (int p : withOutcomes.get(i + 2)) if (!union.contains(p)) union.add(p);
                riding.add(union);
            }
            report("the outcome of N-1 riding in N's strict commit (the union of the two commits' pages)", riding, 1, btreeOf);
        }
    }

    private long stored(JdbcStore store) {
        long n = counter++;
        String key = "K" + (n % 64);
        NewMessage m = new NewMessage(System.currentTimeMillis(), PAYLOAD, "US-ASCII", key, (int) (n % 8), null,
                List.of("archive"), null);
        Stored s = store.store(IntakeBatch.of("ingest", Durability.STRICT, List.of(m)), System.currentTimeMillis()).get(0);
        return s.id();
    }

    private static void recorded(JdbcStore store, long id) {
        store.record(List.of(DeliveryOutcome.sent(id, ARCHIVE, 1, null, null).withReceivedAt(System.currentTimeMillis())),
                System.currentTimeMillis());
    }

    /** The pages of each of the window's commits, in order; measured again while the WAL started over within it. */
    private List<List<Integer>> window(JdbcStore store, Path wal, boolean outcomes) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int commits = outcomes ? 2 * WINDOW : WINDOW;
            for (int i = 0; i < WINDOW; i++) {
                long id = stored(store);
                if (outcomes) recorded(store, id);
            }
            List<List<Integer>> all = commits(Files.readAllBytes(wal));
            if (all.size() > commits) return List.copyOf(all.subList(all.size() - commits, all.size()));
        }
        throw new IllegalStateException("the WAL started over within every window");
    }

    /** The page numbers of each commit in the WAL's current generation (frames whose salts are the header's). */
    static List<List<Integer>> commits(byte[] wal) {
        ByteBuffer b = ByteBuffer.wrap(wal);
        int pageSize = b.getInt(8);
        int salt1 = b.getInt(16);
        int salt2 = b.getInt(20);
        List<List<Integer>> commits = new ArrayList<>();
        List<Integer> open = new ArrayList<>();
        for (int at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
            if (b.getInt(at + 8) != salt1 || b.getInt(at + 12) != salt2) break;
            open.add(b.getInt(at));
            if (b.getInt(at + 4) != 0) { // a commit's last frame: the database's size after it
                commits.add(open);
                open = new ArrayList<>();
            }
        }
        return commits;
    }

    /** Each page's b-tree (table or index name), from dbstat on a copy of the file and its WAL. */
    private Map<Integer, String> btrees(Path file, Path wal) throws Exception {
        Path copy = folder.resolve("copy.db");
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(wal, Path.of(copy + "-wal"), StandardCopyOption.REPLACE_EXISTING);
        Process p = new ProcessBuilder("sqlite3", copy.toString(), "SELECT pageno, name, pagetype FROM dbstat")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IllegalStateException("sqlite3 dbstat failed: " + out);
        Map<Integer, String> names = new HashMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.split("\\|");
            if (f.length == 3) names.put(Integer.parseInt(f[0]), f[1] + " (" + f[2] + ")");
        }
        names.put(1, names.getOrDefault(1, "page 1") + ", the file header");
        return names;
    }

    private static void report(String what, List<List<Integer>> commits, int commitsPerMessage, Map<Integer, String> btreeOf) {
        long frames = commits.stream().mapToLong(List::size).sum();
        double messages = commits.size() / (double) commitsPerMessage;
        System.out.printf("%n%s: %d commits, %.1f frames a commit, %.1f frames (%.1f KB of WAL) a message%n", what,
                commits.size(), frames / (double) commits.size(), frames / messages, frames / messages * 4.1);
        Map<String, Integer> byTree = new TreeMap<>();
        Map<String, Integer> distinct = new TreeMap<>();
        Map<String, Set<Integer>> pages = new HashMap<>();
        for (List<Integer> c : commits) {
            for (int page : c) {
                String name = btreeOf.getOrDefault(page, "page " + page + " (freed or not in dbstat)");
                byTree.merge(name, 1, Integer::sum);
                pages.computeIfAbsent(name, k -> new TreeSet<>()).add(page);
            }
        }
        pages.forEach((k, v) -> distinct.put(k, v.size()));
        byTree.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).forEach(e ->
                System.out.printf("  %6.2f a message  %-60s (%d distinct pages in the window)%n", e.getValue() / messages,
                        e.getKey(), distinct.get(e.getKey())));
        if (!commits.isEmpty()) System.out.println("  the last commits' pages: " + commits.subList(Math.max(0, commits.size() - 4), commits.size()));
    }
}
