package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.IntakeWriter;
import io.ductus.store.jdbc.InterfaceQueue;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.OutcomeWriter;
import io.ductus.store.jdbc.QueueReads;
import io.ductus.store.jdbc.Settlement;
import io.ductus.store.retention.RetentionStore.Keeping;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the workers and intake run per batch stays bounded as the database grows (issue 23, point 7): on 1,001
 * interfaces, each with its window (1w, 3w, 7w: all three tiers), six days of messages spread over PostgreSQL's
 * leaves (every leaf made ahead by the maintenance: about two dozen per table), the queue reads and the checks by
 * interface come from their indexes, and every statement that finds a message or delivery by id reads the one
 * leaf its partition keys name (PostgreSQL) or its primary key (SQLite). On PostgreSQL each statement is also
 * run (EXPLAIN ANALYZE, rolled back) and the pages it touched counted: a handful, where reading a table would be
 * hundreds.
 */
@ParameterizedClass
@EnumSource(Database.class)
class BoundedStatementsTest {

    private static final OpenStores STORES = new OpenStores("bounded");
    private static final int INTERFACES = 1_001;
    private static final long DAY = 86_400_000L;
    private static final long NOW = Messages.T0;
    private static final int[] WINDOWS = {7, 21, 49};
    private static final String PAYLOAD = "MSH|^~\\&|EPIC|HOSP|LAB|HOSP|20260101120000||ADT^A01|MSG00001|P|2.5.1\r"
            + "PID|1||123456^^^HOSP^MR||DOE^JANE^Q||19800101|F|||1 MAIN ST^^SPRINGFIELD^IL^62701||555-0100\r".repeat(8);
    private static final Pattern LEAF = Pattern.compile(" on ((?:messages|deliveries)_t\\d+_\\d{8})");
    private static final Pattern BUFFERS = Pattern.compile("Buffers: shared(?: hit=(\\d+))?(?: read=(\\d+))?");

    /** A pending message of if-0500 (window 7w: tier 49) and where it is. */
    private static long pendingId;
    private static long pendingReceivedAt;
    private static int pendingTier;
    private static String pendingInterface;

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    static int window(int i) {
        return WINDOWS[i % 3];
    }

    static String name(int i) {
        return "if-%04d".formatted(i);
    }

    @BeforeAll
    static void fill() throws Exception {
        for (Database d : Database.values()) {
            JdbcStore store = STORES.get(d);
            Map<String, Integer> days = new LinkedHashMap<>();
            Map<String, Keeping> keeping = new LinkedHashMap<>();
            for (int i = 0; i < INTERFACES; i++) {
                days.put(name(i), window(i));
                keeping.put(name(i), new Keeping(window(i), false));
            }
            store.retention().applyNew(days, "test", NOW - 10 * DAY);
            store.retention().maintain(NOW - 6 * DAY, keeping); // leaves for the six days back and three ahead
            store.retention().maintain(NOW, keeping);
            // Twelve messages an interface over the last six days, two destinations each: 12,012 messages.
            for (int i = 0; i < INTERFACES; i++) {
                List<NewMessage> messages = new ArrayList<>();
                for (int k = 0; k < 12; k++) {
                    long at = NOW - 6 * DAY + k * DAY / 2 + i * 1000L;
                    messages.add(new NewMessage(at, (PAYLOAD + k).getBytes(), "UTF-8", "p" + k, k % 4, "key-" + i + "-" + k,
                            List.of("a", "b"), null));
                }
                store.store(IntakeBatch.of(name(i), Durability.RELAXED, messages), NOW);
            }
            try (Connection c = d.connect(STORES.location(d)); Statement s = c.createStatement()) {
                // As in production: most are done, a few wait.
                s.executeUpdate("UPDATE deliveries SET status = 'sent' WHERE message_id % 10 <> 0");
                s.executeUpdate("UPDATE messages SET status = 'sent' WHERE id % 10 <> 0");
                s.execute(d == Database.POSTGRES ? "VACUUM ANALYZE" : "ANALYZE");
                try (ResultSet rs = s.executeQuery("SELECT id, received_at, tier, interface_name FROM messages"
                        + " WHERE interface_name = 'if-0500' AND status = 'pending' ORDER BY id LIMIT 1")) {
                    rs.next();
                    pendingId = rs.getLong(1);
                    pendingReceivedAt = rs.getLong(2);
                    pendingTier = rs.getInt(3);
                    pendingInterface = rs.getString(4);
                }
            }
        }
    }

    @Test
    void the_fixture_spreads_the_messages_over_every_tiers_leaves() throws Exception {
        if (db != Database.POSTGRES) return;
        try (Connection c = db.connect(STORES.location(db)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT tableoid) FROM messages")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(12L * INTERFACES);
            assertThat(rs.getLong(2)).as("leaves holding messages").isGreaterThanOrEqualTo(9);
        }
        assertThat(leaves("messages")).as("leaves of messages").isGreaterThanOrEqualTo(20);
        assertThat(pendingTier).isEqualTo(window(500));
    }

    @Test
    void a_workers_queue_reads_come_from_the_pending_index_on_1001_interfaces() throws Exception {
        for (String sql : List.of(QueueReads.PENDING_IN_LANE, QueueReads.LANE_HEAD)) {
            Object[] params = sql == QueueReads.LANE_HEAD ? new Object[] {pendingInterface, "a", 0}
                    : new Object[] {pendingInterface, "a", 0, 20};
            String plan = plan(sql, params);
            if (db == Database.SQLITE) {
                // (SCAN d: the few rows the inner query chose)
                assertThat(plan).contains("USING INDEX deliveries_pending (interface_name=? AND destination=? AND lane=?)")
                        .contains("SEARCH m USING INTEGER PRIMARY KEY").doesNotContain("SCAN deliveries").doesNotContain("SCAN m");
            } else {
                assertThat(plan).contains("deliveries_pending").contains("messages_pkey");
                assertNoTableRead(plan);
                assertThat(buffers(sql, params)).as("pages read by " + sql).isLessThan(300);
            }
        }
        if (db == Database.POSTGRES) { // every lane of a worker's slot in one statement (SQLite reads lane by lane)
            Object[] params = {0, 1, 2, 3, 4, 5, 6, 7, pendingInterface, "a", 20};
            String plan = plan(QueueReads.pendingInLanes(8), params);
            assertThat(plan).contains("deliveries_pending").contains("messages_pkey");
            assertNoTableRead(plan);
            assertThat(buffers(QueueReads.pendingInLanes(8), params)).as("pages read by the lanes' read").isLessThan(8 * 300);
        }
    }

    @Test
    void the_checks_by_interface_read_only_that_interfaces_part_of_an_index() throws Exception {
        Map<String, Object[]> checks = new LinkedHashMap<>();
        checks.put(QueueReads.LANE_COUNTS, new Object[] {pendingInterface, "a"});
        checks.put(InterfaceQueue.PENDING_IN_LANES, new Object[] {pendingInterface, 2});
        checks.put(IntakeWriter.KEY_OWNER, new Object[] {pendingInterface, "key-500-3"});
        for (var e : checks.entrySet()) {
            String plan = plan(e.getKey(), e.getValue());
            if (db == Database.SQLITE) {
                assertThat(plan).as(e.getKey()).contains("USING").doesNotContain("SCAN");
            } else {
                assertThat(plan).as(e.getKey()).contains("Index");
                assertNoTableRead(plan);
                assertThat(buffers(e.getKey(), e.getValue())).as("pages read by " + e.getKey()).isLessThan(150);
            }
        }
    }

    @Test
    void the_fence_before_a_send_reads_one_claim_by_its_primary_key_on_1001_claims() throws Exception {
        if (db != Database.POSTGRES) return; // SQLite: one engine per file, no claims
        try (Connection c = db.connect(STORES.location(db)); Statement s = c.createStatement()) {
            s.execute("INSERT INTO engines (id, host, pid, version, started_at, state, heartbeat, lock_key, lock_pid)"
                    + " SELECT 'e' || i, 'h', i, 'v', 0, 'RUNNING', now(), i, i FROM generate_series(1, 3) i ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO interface_owners (interface, engine_id, epoch, claimed_at) SELECT 'if-' || lpad(i::text, 4, '0'),"
                    + " 'e' || (i % 3 + 1), i, 0 FROM generate_series(0, 1000) i ON CONFLICT DO NOTHING");
            s.execute("ANALYZE engines");
            s.execute("ANALYZE interface_owners");
        }
        Object[] params = {"if-0500", "e3", 500L, 3.0};
        String plan = plan(io.ductus.store.jdbc.JdbcEngines.CONFIRM, params);
        assertThat(plan).contains("interface_owners_pkey").doesNotContain("Seq Scan on interface_owners");
        assertThat(buffers(io.ductus.store.jdbc.JdbcEngines.CONFIRM, params)).as("pages read by the fence").isLessThan(10);
    }

    @Test
    void an_outcome_updates_its_delivery_in_one_leaf() throws Exception {
        Object[] finish = {"sent", 1, null, "x".getBytes(), "UTF-8", NOW, 1, pendingId, "a", pendingInterface, 1};
        Object[] retry = {1, NOW + 1000, "down", NOW, 1, pendingId, "a", pendingInterface, 1};
        if (db == Database.SQLITE) {
            assertThat(plan(OutcomeWriter.FINISH, finish)).contains("SEARCH deliveries USING PRIMARY KEY");
            assertThat(plan(OutcomeWriter.RETRY, retry)).contains("SEARCH deliveries USING PRIMARY KEY");
            return;
        }
        oneLeaf(OutcomeWriter.FINISH_IN_LEAF, "deliveries", append(finish, pendingTier, pendingReceivedAt));
        oneLeaf(OutcomeWriter.RETRY_IN_LEAF, "deliveries", append(retry, pendingTier, pendingReceivedAt));
        // When the row moved tier: one leaf per tier of its time, not every leaf.
        assertThat(leavesIn(plan(OutcomeWriter.FINISH_IN_TIME, append(finish, pendingReceivedAt)))).hasSizeLessThanOrEqualTo(4);
        // Before: by id alone, every leaf.
        assertThat(leavesIn(plan(OutcomeWriter.FINISH, finish))).hasSize(leaves("deliveries"));
        long byId = buffers(OutcomeWriter.FINISH, finish);
        long inLeaf = buffers(OutcomeWriter.FINISH_IN_LEAF, append(finish, pendingTier, pendingReceivedAt));
        System.out.printf("pages an outcome's update touched: by id %d, by its keys %d (%d leaves)%n", byId, inLeaf,
                leaves("deliveries"));
        assertThat(inLeaf).isLessThan(byId);
        // Prepared and run again and again, as a worker does: the plan PostgreSQL settles on (a generic one for
        // the update by id, which locks every leaf) against the one by the keys (one leaf: its locks all fit the
        // backend's fast path, so workers never meet in the shared lock table).
        int[] locksById = relationLocks(OutcomeWriter.RETRY, retry);
        int[] locksInLeaf = relationLocks(OutcomeWriter.RETRY_IN_LEAF, append(retry, pendingTier, pendingReceivedAt));
        System.out.printf("relation locks of an outcome's update, prepared: by id %d (%d beyond the fast path),"
                + " by its keys %d (%d)%n", locksById[0], locksById[1], locksInLeaf[0], locksInLeaf[1]);
        assertThat(locksInLeaf[0]).isLessThan(locksById[0]);
        assertThat(locksInLeaf[1]).isLessThan(locksById[1]);
    }

    @Test
    void settling_a_message_locks_reads_and_updates_one_leaf() throws Exception {
        if (db == Database.SQLITE) {
            assertThat(plan(Settlement.DELIVERY_STATUSES, pendingId)).contains("SEARCH deliveries USING PRIMARY KEY");
            assertThat(plan(Settlement.SETTLE, "sent", NOW, pendingId)).contains("SEARCH messages USING INTEGER PRIMARY KEY");
            return;
        }
        oneLeaf(Settlement.LOCK_IN_LEAF, "messages", pendingId, pendingTier, pendingReceivedAt);
        oneLeaf(Settlement.DELIVERY_STATUSES_IN_LEAF, "deliveries", pendingId, pendingTier, pendingReceivedAt);
        oneLeaf(Settlement.SETTLE_IN_LEAF, "messages", "sent", NOW, pendingId, pendingTier, pendingReceivedAt);
        assertThat(leavesIn(plan(Settlement.LOCK_IN_TIME, pendingId, pendingReceivedAt))).hasSizeLessThanOrEqualTo(4);
    }

    @Test
    void marking_a_duplicate_at_intake_updates_one_leaf() throws Exception {
        Object[] params = {pendingId, NOW, pendingId, pendingTier, pendingReceivedAt};
        if (db == Database.SQLITE) {
            assertThat(plan(IntakeWriter.MARK_DUPLICATE, params)).contains("SEARCH messages USING INTEGER PRIMARY KEY");
            return;
        }
        oneLeaf(IntakeWriter.MARK_DUPLICATE, "messages", params);
    }

    /** Asserts that {@code sql} reads one leaf of {@code table}, by an index, touching a few pages. */
    private void oneLeaf(String sql, String table, Object... params) throws Exception {
        String plan = plan(sql, params);
        assertThat(leavesIn(plan)).as("leaves read by " + sql).hasSize(1).allMatch(l -> l.startsWith(table + "_t"));
        assertThat(plan).contains("Index");
        assertNoTableRead(plan);
        // an update also writes its row's new entries into the leaf's indexes
        assertThat(buffers(sql, params)).as("pages read by " + sql).isLessThan(60);
    }

    /**
     * No sequential scan of a leaf that holds anything. (The planner rightly reads an empty leaf, made ahead of
     * its time, as a table of no pages: it costs nothing. One that fills up has pages, and is read by index.)
     */
    private void assertNoTableRead(String plan) throws Exception {
        Matcher m = Pattern.compile("Seq Scan on (\\S+)").matcher(plan);
        try (Connection c = db.connect(STORES.location(db));
             PreparedStatement ps = c.prepareStatement("SELECT pg_relation_size(?::regclass)")) {
            while (m.find()) {
                ps.setString(1, m.group(1));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("bytes of " + m.group(1) + ", read whole by\n" + plan).isZero();
                }
            }
        }
    }

    /**
     * The relation locks (all, and those beyond the backend's fast-path slots) the statement holds after it ran,
     * its 20th run on one connection (server-prepared by then and its plan settled: PostgreSQL tries a generic plan at the 6th server-side run and keeps it where it costs no more); each run rolled back.
     */
    private int[] relationLocks(String sql, Object... params) throws Exception {
        try (Connection c = db.connect(STORES.location(db))) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(sql);
                 PreparedStatement locks = c.prepareStatement("SELECT count(*), count(*) FILTER (WHERE NOT fastpath)"
                         + " FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'relation'")) {
                int[] held = null;
                for (int run = 0; run < 20; run++) {
                    for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
                    assertThat(ps.executeUpdate()).as("rows changed by " + sql).isEqualTo(1);
                    try (ResultSet rs = locks.executeQuery()) {
                        rs.next();
                        held = new int[] {rs.getInt(1), rs.getInt(2)};
                    }
                    c.rollback();
                }
                return held;
            }
        }
    }

    private static Set<String> leavesIn(String plan) {
        Set<String> leaves = new TreeSet<>();
        Matcher m = LEAF.matcher(plan);
        while (m.find()) leaves.add(m.group(1));
        return leaves;
    }

    private int leaves(String table) throws Exception {
        try (Connection c = db.connect(STORES.location(db)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_partition_tree('" + table + "') WHERE isleaf")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static Object[] append(Object[] params, Object... more) {
        Object[] all = java.util.Arrays.copyOf(params, params.length + more.length);
        System.arraycopy(more, 0, all, params.length, more.length);
        return all;
    }

    private String plan(String sql, Object... params) throws Exception {
        return explain(db.explain(sql), params);
    }

    /** PostgreSQL: the pages (shared buffers hit or read) the statement touched when run, rolled back. */
    private long buffers(String sql, Object... params) throws Exception {
        String plan = explain("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + sql, params);
        Matcher m = BUFFERS.matcher(plan.substring(0, plan.contains("Planning") ? plan.indexOf("Planning") : plan.length()));
        if (!m.find()) return 0; // touched nothing
        return (m.group(1) == null ? 0 : Long.parseLong(m.group(1))) + (m.group(2) == null ? 0 : Long.parseLong(m.group(2)));
    }

    private String explain(String statement, Object... params) throws Exception {
        try (Connection c = db.connect(STORES.location(db))) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(statement)) {
                for (int i = 0; i < params.length; i++) {
                    if (params[i] == null) ps.setNull(i + 1, java.sql.Types.VARCHAR);
                    else ps.setObject(i + 1, params[i]);
                }
                StringBuilder plan = new StringBuilder();
                try (ResultSet rs = ps.executeQuery()) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) plan.append(rs.getString(columns)).append('\n');
                }
                System.out.printf("%s plan of%n%s%n%s%n", db, statement, plan);
                return plan.toString();
            } finally {
                c.rollback();
            }
        }
    }
}
