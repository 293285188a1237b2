package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.dest;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.PendingDelivery;
import io.ductus.store.ResendRequest;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Retention on both databases, driven by time as an argument: weeks of traffic go by in a moment, and the
 * purge is asked what a given day's run would do.
 */
@ParameterizedClass
@EnumSource(Database.class)
class RetentionContractTest {

    static final long DAY = 86_400_000L;
    static final long HOUR = 3_600_000L;
    /** A Monday at midnight UTC. */
    static final long START = 1_780_012_800_000L;
    private static final OpenStores STORES = new OpenStores("retention");

    @Parameter
    Database db;

    private JdbcStore store;
    private String iface;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        iface = info.getTestMethod().orElseThrow().getName();
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    /** Eight weeks, three interfaces (1w, 3w, 7w), each day's run at 02:00; a few messages left pending or quarantined. */
    @Test
    void eight_weeks_of_traffic_keep_exactly_each_windows_messages_and_what_is_still_owed() throws Exception {
        Map<String, Integer> windows = Map.of(iface + "-1w", 7, iface + "-3w", 21, iface + "-7w", 49);
        Map<String, Map<Long, Long>> receivedAt = new HashMap<>();
        Map<String, Set<Long>> owed = new HashMap<>();
        int n = 0;
        for (int day = 0; day < 56; day++) {
            for (String name : windows.keySet()) {
                List<NewMessage> batch = new ArrayList<>();
                long at = START + day * DAY + 9 * HOUR;
                for (int i = 0; i < 6; i++) batch.add(message(at + i * HOUR, "d" + day + "-" + i, "K" + day + "-" + i, "out"));
                var stored = store.store(new IntakeBatch(name, Durability.RELAXED, batch, null), at);
                List<DeliveryOutcome> outcomes = new ArrayList<>();
                for (int i = 0; i < stored.size(); i++) {
                    long id = stored.get(i).id();
                    receivedAt.computeIfAbsent(name, k -> new HashMap<>()).put(id, at + i * HOUR);
                    n++;
                    if (n % 17 == 0) { // a destination that never answered
                        owed.computeIfAbsent(name, k -> new TreeSet<>()).add(id);
                    } else if (n % 13 == 0) {
                        outcomes.add(DeliveryOutcome.quarantined(id, dest(name, "out"), 1, "AR"));
                        owed.computeIfAbsent(name, k -> new TreeSet<>()).add(id);
                    } else if (n % 5 == 0) {
                        outcomes.add(DeliveryOutcome.filtered(id, dest(name, "out"), 1, "not for us"));
                    } else {
                        outcomes.add(DeliveryOutcome.sent(id, dest(name, "out"), 1, null, null));
                    }
                }
                store.record(outcomes, at + 6 * HOUR);
            }
            long run = START + (day + 1) * DAY + 2 * HOUR;
            for (var w : windows.entrySet()) purgeAll(w.getKey(), run - w.getValue() * DAY, false);
        }
        long end = START + 56 * DAY + 2 * HOUR;
        for (var w : windows.entrySet()) {
            String name = w.getKey();
            long cutoff = end - w.getValue() * DAY;
            Set<Long> expected = new TreeSet<>();
            receivedAt.get(name).forEach((id, at) -> {
                if (at >= cutoff || owed.getOrDefault(name, Set.of()).contains(id)) expected.add(id);
            });
            assertThat(ids(name)).as(name).isEqualTo(expected);
            assertThat(orphanDeliveries(name)).as("deliveries without their message").isZero();
        }
        List<RetentionStore.Kept> kept = store.retention().kept(Map.of(iface + "-1w", end - 7 * DAY));
        RetentionStore.Kept week = kept.stream().filter(k -> k.interfaceName().equals(iface + "-1w")).findFirst().orElseThrow();
        assertThat(week.messages()).isEqualTo(ids(iface + "-1w").size());
        assertThat(week.held()).as("owed messages past the window").isPositive()
                .isEqualTo(owed.get(iface + "-1w").stream().filter(id -> receivedAt.get(iface + "-1w").get(id) < end - 7 * DAY).count());
        assertThat(week.bytes()).isPositive();
        assertThat(week.oldestReceivedAt()).isLessThan(end - 7 * DAY);
    }

    @Test
    void pending_and_quarantined_messages_survive_their_window_and_are_still_delivered_resent_and_browsed() {
        long day0 = START;
        var stored = store.store(new IntakeBatch(iface, Durability.STRICT, List.of(
                message(day0, "owed", null, "out"), message(day0, "rejected", null, "out"), message(day0, "done", null, "out")), null), day0);
        long owed = stored.get(0).id(), rejected = stored.get(1).id(), done = stored.get(2).id();
        store.record(List.of(DeliveryOutcome.quarantined(rejected, dest(iface, "out"), 1, "AE"),
                DeliveryOutcome.sent(done, dest(iface, "out"), 1, null, null)), day0);
        long later = day0 + 100 * DAY;

        purgeAll(iface, later - 7 * DAY, false);

        assertThat(ids(iface)).containsExactly(owed, rejected);
        assertThat(store.pending(dest(iface, "out"), Set.of(0), 10)).extracting(PendingDelivery::messageId).containsExactly(owed);
        assertThat(store.browse(new MessageQuery(iface, MessageStatus.QUARANTINED, null, null, null, 10)).messages())
                .extracting(m -> m.id()).containsExactly(rejected);
        assertThat(store.resend(ResendRequest.quarantined(List.of(rejected)), later).messages()).hasSize(1);
        assertThat(store.pending(dest(iface, "out"), Set.of(0), 10)).extracting(PendingDelivery::messageId).containsExactly(owed, rejected);
        purgeAll(iface, later - 7 * DAY, false);
        assertThat(ids(iface)).containsExactly(owed, rejected);

        store.record(List.of(DeliveryOutcome.sent(owed, dest(iface, "out"), 1, null, null),
                DeliveryOutcome.sent(rejected, dest(iface, "out"), 2, null, null)), later);
        purgeAll(iface, later - 7 * DAY, false);
        assertThat(ids(iface)).as("delivered at last, then gone with their window").isEmpty();
    }

    @Test
    void quarantined_messages_go_with_the_window_when_the_interface_says_purge() {
        var stored = store.store(new IntakeBatch(iface, Durability.STRICT, List.of(
                message(START, "rejected", null, "out"), message(START, "owed", null, "out")), null), START);
        store.record(List.of(DeliveryOutcome.quarantined(stored.get(0).id(), dest(iface, "out"), 1, "AE")), START);
        purgeAll(iface, START + DAY, true);
        assertThat(ids(iface)).containsExactly(stored.get(1).id());
    }

    @Test
    void a_dedupe_key_expires_with_its_message() {
        long first = store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message(START, "a", "MSG-1", "out")), null), START)
                .get(0).id();
        store.record(List.of(DeliveryOutcome.sent(first, dest(iface, "out"), 1, null, null)), START);
        assertThat(store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message(START + HOUR, "again", "MSG-1", "out")), null),
                START + HOUR).get(0).duplicate()).as("within the window: a duplicate").isTrue();

        purgeAll(iface, START + 2 * HOUR, false);

        assertThat(ids(iface)).isEmpty();
        var after = store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message(START + 50 * DAY, "new", "MSG-1", "out")), null),
                START + 50 * DAY);
        assertThat(after.get(0).duplicate()).as("its key went with it").isFalse();
    }

    @Test
    void a_batch_walks_at_most_its_limit_and_stops_at_the_window() {
        List<NewMessage> batch = new ArrayList<>();
        for (int i = 0; i < 10; i++) batch.add(message(START + i * HOUR, "m" + i, null));
        store.store(new IntakeBatch(iface, Durability.RELAXED, batch, null), START);
        RetentionStore.Purged first = store.retention().purge(iface, START + 6 * HOUR, false, 0, 4);
        assertThat(first.deleted()).isEqualTo(4);
        assertThat(first.done()).isFalse();
        RetentionStore.Purged second = store.retention().purge(iface, START + 6 * HOUR, false, first.lastId(), 4);
        assertThat(second.deleted()).isEqualTo(2);
        assertThat(second.done()).as("reached a message inside the window").isTrue();
        assertThat(ids(iface)).hasSize(4);
    }

    @Test
    void windows_on_record_change_with_their_audit_row() {
        AuditEntry audit = new AuditEntry(START, "user:ops", null, null, "session", null, "retention.confirm",
                "interface:" + iface, "ok", "{\"from\":\"7w\",\"to\":\"1w\"}");
        store.retention().apply(iface, 49, "engine", START, null);
        store.retention().apply(iface, 7, "user:ops", START + DAY, audit);
        assertThat(store.retention().applied().get(iface))
                .isEqualTo(new RetentionStore.AppliedWindow(iface, 7, START + DAY, "user:ops"));
        store.retention().applyNew(Map.of(iface + "-a", 21, iface + "-b", 49), "engine", START);
        assertThat(store.retention().applied()).containsEntry(iface + "-a", new RetentionStore.AppliedWindow(iface + "-a", 21, START, "engine"))
                .containsEntry(iface + "-b", new RetentionStore.AppliedWindow(iface + "-b", 49, START, "engine"));
        assertThat(store.accounts().audit(new io.ductus.store.account.AuditQuery(null, 50, null, null)).entries())
                .anySatisfy(row -> assertThat(row.entry().action() + " " + row.entry().target()).isEqualTo("retention.confirm interface:" + iface));
    }

    /**
     * A report query runs long on another connection (PostgreSQL: pg_sleep inside it; SQLite: a read
     * transaction held open): a purge batch, an incoming message and giving space back all commit while it still
     * runs. The purge takes no lock a reader holds up.
     */
    @Test
    void a_purge_and_an_insert_commit_at_once_during_a_long_report_query() throws Exception {
        var old = store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message(START, "old", null, "out")), null), START);
        store.record(List.of(DeliveryOutcome.sent(old.get(0).id(), dest(iface, "out"), 1, null, null)), START);
        java.util.concurrent.CountDownLatch reading = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean reportDone = new java.util.concurrent.atomic.AtomicBoolean();
        Thread report = Thread.ofPlatform().start(() -> {
            try (Connection c = db.connect(STORES.location(db)); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM messages m JOIN deliveries d ON d.message_id = m.id")) {
                    rs.next();
                }
                reading.countDown();
                if (db == Database.POSTGRES) {
                    s.execute("SELECT pg_sleep(3), COUNT(*) FROM messages");
                } else {
                    release.await(); // the read transaction stays open until the test is done
                }
                c.rollback();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                reportDone.set(true);
            }
        });
        assertThat(reading.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        long t0 = System.nanoTime();
        RetentionStore.Purged purged = store.retention().purge(iface, START + DAY, false, 0, 100);
        store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message(START + 2 * DAY, "new", null, "out")), null), START + 2 * DAY);
        store.retention().reclaim(16);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(reportDone.get()).as("the report still runs (took " + millis + " ms)").isFalse();
        assertThat(purged.deleted()).isEqualTo(1);
        release.countDown();
        report.join();
    }

    /** On a database of its own: audit rows are written in time order, so the oldest by id are the oldest. */
    @Test
    void audit_rows_older_than_their_keep_go_oldest_first_in_batches() {
        try (OpenStores own = new OpenStores("retention_audit")) {
            JdbcStore fresh = own.get(db);
            for (int i = 0; i < 5; i++) {
                fresh.retention().apply(iface, 49, "engine", START, new AuditEntry(START - (10 - i) * 365 * DAY, "system", null, null,
                        "engine", null, "test.old", iface, "ok", null));
            }
            fresh.retention().apply(iface, 49, "engine", START, new AuditEntry(START, "system", null, null, "engine", null, "test.new",
                    iface, "ok", null));
            long cutoff = START - 6 * 365 * DAY;
            List<Integer> batches = new ArrayList<>();
            int n;
            while ((n = fresh.retention().purgeAudit(cutoff, 2)) > 0) batches.add(n);
            assertThat(batches).as("rows older than six years, two at a time").containsExactly(2, 2);
            assertThat(fresh.retention().auditRows()).isEqualTo(2);
        }
    }

    private NewMessage message(long at, String text, String dedupeKey, String... destinations) {
        return new NewMessage(at, text.getBytes(StandardCharsets.UTF_8), "UTF-8", null, 0, dedupeKey, List.of(destinations), null);
    }

    /** What the engine's run does for one interface, without its pauses. */
    private void purgeAll(String name, long cutoff, boolean purgeQuarantined) {
        long after = 0;
        RetentionStore.Purged batch;
        do {
            batch = store.retention().purge(name, cutoff, purgeQuarantined, after, 50);
            after = batch.lastId();
        } while (!batch.done());
    }

    private Set<Long> ids(String name) {
        try (Connection c = db.connect(STORES.location(db));
             PreparedStatement ps = c.prepareStatement("SELECT id FROM messages WHERE interface_name = ? ORDER BY id")) {
            ps.setString(1, name);
            Set<Long> ids = new TreeSet<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
            return ids;
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private long orphanDeliveries(String name) throws Exception {
        try (Connection c = db.connect(STORES.location(db)); PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM deliveries d WHERE d.interface_name = ? AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = d.message_id)")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static DestinationRef out(String name) {
        return dest(name, "out");
    }
}
