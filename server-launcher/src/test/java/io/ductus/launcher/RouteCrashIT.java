package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Routes across crashes (ARCHITECTURE.md §3, routes: each hop exactly once): {@code ductus serve} runs the
 * chain e2e (MLLP) → b (internal, with transform.js) → c (internal) → files, under load from 8 sender
 * connections, and is killed with SIGKILL at a random moment, round after round, on one database. After
 * a last start has finished everything: every message e2e stored is stored exactly once in b and once in
 * c (counted in the database), every acknowledged one among them, and each reached its file at least once
 * with what b's code made of it.
 */
@ExtendWith(EngineLogOnFailure.class)
class RouteCrashIT {

    private static final int CONNECTIONS = 8;
    private static final int KEYS = 24;
    private static final List<String> HOPS = List.of(TestProject.INTERFACE, "b", "c");

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}, {1} rounds")
    @CsvSource({"SQLITE, 6", "POSTGRES, 3"})
    void a_route_chain_stores_each_message_once_per_hop_across_kill_9(Database database, int rounds) throws Exception {
        long seed = System.nanoTime();
        System.out.println("RouteCrashIT " + database + " seed " + seed);
        Random random = new Random(seed);
        TestProject project = new TestProject(tmp).ordering("PID-3.1", 8).dedupe("MSH-10").routeDestination("to-b", "b")
                .otherInterface("b", """
                        source: internal
                        format: hl7
                        ordering: { key: PID-3.1, partitions: 8 }
                        dedupe: MSH-10
                        destinations:
                          to-c: { type: interface, interface: c }
                        """, """
                        export function transform(msg, meta) {
                          msg.set('MSH-4', 'VIA-B');
                          return msg;
                        }
                        """)
                .otherInterface("c", """
                        source: internal
                        format: hl7
                        dedupe: MSH-10
                        destinations:
                          archive: { type: file, path: "out/{MSH-10}-{id}.hl7", fsync: false }
                        """, null)
                .write();
        String url = database.newUrl(project.data(), "routecrash");
        LoadSenders load = new LoadSenders(CONNECTIONS, KEYS, 0, seed, project::port);
        try {
            for (int round = 1; round <= rounds; round++) {
                try (DuctusProcess ductus = project.start(url)) {
                    long before = load.ackedCount();
                    long routedToC = countsPerHop(database, url).getOrDefault("c", 0L);
                    // Under load, and past b's code warming up: kill only once both hops route in this process.
                    Eventually.within(Duration.ofSeconds(60), () -> {
                        assertThat(load.ackedCount()).isGreaterThan(before + 20);
                        assertThat(countsPerHop(database, url).getOrDefault("c", 0L)).isGreaterThan(routedToC + 20);
                    });
                    Thread.sleep(random.nextInt(1500));
                    ductus.kill();
                    System.out.printf("RouteCrashIT %s round %d: killed after %d more AA; %d AA in all, %s stored per hop%n",
                            database, round, load.ackedCount() - before, load.ackedCount(), countsPerHop(database, url));
                }
            }
            try (DuctusProcess ductus = project.start(url)) {
                Thread.sleep(500);
                load.stop();
                Set<String> acked = load.sent().stream().filter(LoadSenders.Sent::acked).map(LoadSenders.Sent::controlId)
                        .collect(Collectors.toCollection(TreeSet::new));
                Eventually.within(Duration.ofSeconds(120), () -> {
                    assertThat(pending(database, url)).as("messages still pending").isZero();
                    assertThat(filedControlIds(project.data())).as("acknowledged but never written by c").containsAll(acked);
                });

                assertThat(storedMoreThanOnce(database, url)).as("(interface, control id) stored more than once").isEmpty();
                Map<String, Set<String>> stored = controlIdsPerHop(database, url);
                assertThat(stored.get(TestProject.INTERFACE)).as("acknowledged but not stored").containsAll(acked);
                assertThat(stored.get("b")).as("b holds exactly what e2e stored").isEqualTo(stored.get(TestProject.INTERFACE));
                assertThat(stored.get("c")).as("c holds exactly what e2e stored").isEqualTo(stored.get(TestProject.INTERFACE));
                assertThat(statuses(database, url)).as("every message of every hop ends sent").containsOnlyKeys("sent");
                assertThat(oneFileOf(project.data(), acked.iterator().next())).contains("|VIA-B|");
                System.out.printf("RouteCrashIT %s: %d rounds, %d sent, %d AA, %d stored per hop, 0 twice%n", database, rounds,
                        load.sent().size(), acked.size(), stored.get(TestProject.INTERFACE).size());
                assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            }
        } finally {
            load.stop();
        }
    }

    private static Map<String, Long> countsPerHop(Database database, String url) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        query(database, url, "SELECT interface_name, count(*) FROM messages GROUP BY interface_name",
                rs -> counts.put(rs.getString(1), rs.getLong(2)));
        return counts;
    }

    private static long pending(Database database, String url) throws SQLException {
        List<Long> n = new ArrayList<>();
        query(database, url, "SELECT count(*) FROM messages WHERE status = 'pending'", rs -> n.add(rs.getLong(1)));
        return n.get(0);
    }

    /** Each interface's stored messages by control id (every hop dedupes on MSH-10, so dedupe_key is the control id). */
    private static Map<String, Set<String>> controlIdsPerHop(Database database, String url) throws SQLException {
        Map<String, Set<String>> ids = new HashMap<>();
        HOPS.forEach(hop -> ids.put(hop, new TreeSet<>()));
        query(database, url, "SELECT interface_name, dedupe_key FROM messages",
                rs -> ids.get(rs.getString(1)).add(rs.getString(2)));
        return ids;
    }

    private static List<String> storedMoreThanOnce(Database database, String url) throws SQLException {
        List<String> repeated = new ArrayList<>();
        query(database, url, "SELECT interface_name, dedupe_key, count(*) FROM messages GROUP BY interface_name, dedupe_key"
                + " HAVING count(*) > 1", rs -> repeated.add(rs.getString(1) + "/" + rs.getString(2) + " x" + rs.getLong(3)));
        return repeated;
    }

    private static Map<String, Long> statuses(Database database, String url) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        query(database, url, "SELECT status, count(*) FROM messages GROUP BY status", rs -> counts.put(rs.getString(1), rs.getLong(2)));
        return counts;
    }

    private interface Row {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Database database, String url, String sql, Row row) throws SQLException {
        try (Connection c = database.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) row.read(rs);
        }
    }

    /** Control ids of the files c wrote ({MSH-10}-{id}.hl7), ignoring temporary dot-files a kill left behind. */
    private static Set<String> filedControlIds(Path data) throws IOException {
        Path out = data.resolve("out");
        if (!Files.isDirectory(out)) return Set.of();
        try (Stream<Path> files = Files.list(out)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> !n.startsWith(".") && n.endsWith(".hl7"))
                    .map(n -> n.substring(0, n.lastIndexOf('-'))).collect(Collectors.toSet());
        }
    }

    private static String oneFileOf(Path data, String controlId) throws IOException {
        try (Stream<Path> files = Files.list(data.resolve("out"))) {
            Path file = files.filter(f -> f.getFileName().toString().startsWith(controlId + "-")).findFirst().orElseThrow();
            return Files.readString(file, StandardCharsets.UTF_8);
        }
    }
}
