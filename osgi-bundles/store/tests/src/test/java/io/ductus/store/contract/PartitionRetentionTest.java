package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.dest;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.PendingDelivery;
import io.ductus.store.ResendRequest;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore;
import io.ductus.store.retention.RetentionStore.Keeping;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * PostgreSQL's retention by partitions (docs/retention.md), on a real server, time as an argument: each test
 * on a database of its own, since the maintenance works on the whole tables.
 */
class PartitionRetentionTest {

    static final long DAY = 86_400_000L;
    static final long HOUR = 3_600_000L;
    /** A Monday at midnight UTC. */
    static final long START = 1_780_012_800_000L;

    private OpenStores stores;
    private JdbcStore store;
    private String location;

    @BeforeEach
    void open(TestInfo info) {
        stores = new OpenStores("partitions_" + info.getTestMethod().orElseThrow().getName().substring(0, 12));
        store = stores.get(Database.POSTGRES);
        location = stores.location(Database.POSTGRES);
    }

    @AfterEach
    void close() {
        stores.close();
    }

    /**
     * Eight weeks, three interfaces (1w, 3w, 7w), each day's run at 02:00 as the engine does it (maintenance,
     * then the purge to the database's cutoff): exactly each window's periods are kept, plus what is still
     * owed, which is in the held area; every expired leaf is gone; the purge deleted nothing (the partitions
     * did it all); dedupe claims went with their messages.
     */
    @Test
    void eight_weeks_of_traffic_keep_exactly_each_windows_periods_through_partitions_and_hold_what_is_owed() throws Exception {
        Map<String, Integer> windows = Map.of("one", 7, "three", 21, "seven", 49);
        store.retention().applyNew(windows, "engine", START);
        Map<String, Keeping> keeping = new HashMap<>();
        windows.forEach((name, days) -> keeping.put(name, new Keeping(days, false)));
        Map<String, Map<Long, Long>> receivedAt = new HashMap<>();
        Map<String, Set<Long>> owed = new HashMap<>();
        long purged = 0;
        int dropped = 0;
        int n = 0;
        for (int day = 0; day < 56; day++) {
            for (String name : windows.keySet()) {
                List<NewMessage> batch = new ArrayList<>();
                long at = START + day * DAY + 9 * HOUR;
                for (int i = 0; i < 6; i++) batch.add(message(at + i * HOUR, "d" + day + "-" + i, name + day + "-" + i));
                var stored = store.store(new IntakeBatch(name, Durability.RELAXED, batch, null), at);
                List<DeliveryOutcome> outcomes = new ArrayList<>();
                for (int i = 0; i < stored.size(); i++) {
                    long id = stored.get(i).id();
                    receivedAt.computeIfAbsent(name, k -> new HashMap<>()).put(id, at + i * HOUR);
                    n++;
                    if (n % 17 == 0) {
                        owed.computeIfAbsent(name, k -> new TreeSet<>()).add(id); // a destination that never answered
                    } else if (n % 13 == 0) {
                        outcomes.add(DeliveryOutcome.quarantined(id, dest(name, "out"), 1, "AR"));
                        owed.computeIfAbsent(name, k -> new TreeSet<>()).add(id);
                    } else {
                        outcomes.add(DeliveryOutcome.sent(id, dest(name, "out"), 1, null, null));
                    }
                }
                store.record(outcomes, at + 6 * HOUR);
            }
            long run = START + (day + 1) * DAY + 2 * HOUR;
            dropped += store.retention().maintain(run, keeping).dropped();
            for (var w : windows.entrySet()) purged += purgeAll(w.getKey(), store.retention().cutoff(w.getValue(), run));
        }
        long end = START + 56 * DAY + 2 * HOUR;
        for (var w : windows.entrySet()) {
            String name = w.getKey();
            long cutoff = store.retention().cutoff(w.getValue(), end);
            assertThat(cutoff).as("whole periods").isLessThanOrEqualTo(end - w.getValue() * DAY);
            Set<Long> expected = new TreeSet<>();
            receivedAt.get(name).forEach((id, at) -> {
                if (at >= cutoff || owed.get(name).contains(id)) expected.add(id);
            });
            assertThat(ids(name, "1 = 1")).as(name).isEqualTo(expected);
            Set<Long> heldExpected = new TreeSet<>(owed.get(name));
            heldExpected.removeIf(id -> receivedAt.get(name).get(id) >= cutoff);
            assertThat(ids(name, "tier = 0")).as(name + ": owed past the window, in the held area").isEqualTo(heldExpected).isNotEmpty();
            assertThat(ids(name, "tier <> 0")).as(name + ": the rest in its tier")
                    .allSatisfy(id -> assertThat(tier(id)).isEqualTo(w.getValue()));
        }
        assertThat(purged).as("the purge found nothing the partitions had not taken").isZero();
        assertThat(dropped).as("periods dropped").isGreaterThan(40);
        assertThat(count("SELECT COUNT(*) FROM deliveries d WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = d.message_id"
                + " AND m.tier = d.tier AND m.received_at = d.received_at)")).as("deliveries apart from their message").isZero();
        assertThat(count("SELECT COUNT(*) FROM dedupe_keys k WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = k.message_id)"))
                .as("dedupe claims of dropped messages").isZero();
        for (String leaf : leaves()) {
            var m = java.util.regex.Pattern.compile("messages_t(\\d+)_(\\d{8})").matcher(leaf);
            if (!m.matches() || m.group(1).equals("0")) continue;
            int tier = Integer.parseInt(m.group(1));
            long from = java.time.LocalDate.parse(m.group(2), java.time.format.DateTimeFormatter.BASIC_ISO_DATE)
                    .atStartOfDay(java.time.ZoneOffset.UTC).toInstant().toEpochMilli();
            long to = from + (tier == 7 ? DAY : 7 * DAY);
            assertThat(to).as(leaf + " has not expired").isGreaterThan(end - tier * DAY);
        }
        assertThat(leaves().stream().filter(l -> l.startsWith("messages_")).count()).as("leaves of messages, held months included")
                .isLessThanOrEqualTo(30);

        // The held ones are still delivered, resent and browsed.
        long pending = owed.get("one").stream().filter(id -> receivedAt.get("one").get(id) < end - 7 * DAY)
                .filter(id -> status(id).equals("pending")).findFirst().orElseThrow();
        long quarantined = owed.get("one").stream().filter(id -> receivedAt.get("one").get(id) < end - 7 * DAY)
                .filter(id -> status(id).equals("quarantined")).findFirst().orElseThrow();
        assertThat(store.pending(dest("one", "out"), Set.of(0), 1000)).extracting(PendingDelivery::messageId).contains(pending);
        assertThat(store.browse(new MessageQuery("one", MessageStatus.QUARANTINED, null, null, null, 1000)).messages())
                .extracting(m -> m.id()).contains(quarantined);
        assertThat(store.message(quarantined)).isPresent();
        assertThat(store.resend(ResendRequest.quarantined(List.of(quarantined)), end).messages()).hasSize(1);
        store.record(List.of(DeliveryOutcome.sent(pending, dest("one", "out"), 2, null, null),
                DeliveryOutcome.sent(quarantined, dest("one", "out"), 2, null, null)), end);
        assertThat(status(pending)).isEqualTo("sent");
        assertThat(status(quarantined)).isEqualTo("sent");
        assertThat(purgeAll("one", store.retention().cutoff(7, end))).as("delivered at last, then gone with their window").isEqualTo(2);
    }

    /**
     * The maintenance holds up an insert for a moment at most: while a report query runs long on another
     * connection, the maintenance makes the leaves of a month ahead (tomorrow's among them: it waits for its
     * locks there, which inserts do not wait for) and drops the expired day once the report is over (its
     * detach, in one transaction for both leaves, waits at most 100 ms for the tier's lock, which the tier's
     * inserts queue behind meanwhile, then gives way for 1 s and tries again). Messages stored all along commit
     * before the report ends, each within that moment.
     */
    @Test
    void the_maintenance_holds_up_an_insert_a_moment_at_most_during_a_long_report_query() throws Exception {
        store.retention().applyNew(Map.of("feed", 7), "engine", START);
        var old = store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(START, "old", null)), null), START);
        store.record(List.of(DeliveryOutcome.sent(old.get(0).id(), dest("feed", "out"), 1, null, null)), START);
        long now = START + 30 * DAY;
        CountDownLatch reading = new CountDownLatch(1);
        AtomicBoolean reportDone = new AtomicBoolean();
        Thread report = Thread.ofPlatform().start(() -> {
            try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM messages m JOIN deliveries d ON d.message_id = m.id")) {
                    rs.next();
                }
                reading.countDown();
                s.execute("SELECT pg_sleep(4), COUNT(*) FROM messages");
                c.rollback();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                reportDone.set(true);
            }
        });
        assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
        AtomicReference<RetentionStore.Maintained> maintained = new AtomicReference<>();
        Thread maintenance = Thread.ofPlatform().start(() -> maintained.set(store.retention().maintain(now, Map.of("feed", new Keeping(7, false)))));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (count("SELECT COUNT(*) FROM pg_class WHERE relname = 'messages_t7_" + day(now + DAY) + "'") == 0) {
            assertThat(System.nanoTime()).as("tomorrow's leaf made while the report runs").isLessThan(deadline);
            Thread.onSpinWait();
        }
        long t0 = System.nanoTime();
        store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(now + DAY, "tomorrow", null)), null), now + DAY);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(reportDone.get()).as("the report still runs (the insert took " + millis + " ms)").isFalse();
        assertThat(millis).as("the insert's time").isLessThan(1_000);
        // Intake goes on, one message after the other, until the report ends: each insert's time.
        long slowest = 0;
        int stored = 0;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!reportDone.get() && System.nanoTime() < until) {
            long t = System.nanoTime();
            store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(now, "new" + stored, null)), null), now);
            slowest = Math.max(slowest, System.nanoTime() - t);
            stored++;
        }
        System.out.printf("inserts while the detach gives way to a report: %d, the slowest %d ms%n", stored, slowest / 1_000_000);
        assertThat(slowest / 1_000_000).as("the slowest insert's time, of " + stored).isLessThan(1_000);
        maintenance.join(20_000);
        report.join();
        assertThat(maintained.get().made()).as("leaves made").isGreaterThanOrEqualTo(2 * 4);
        assertThat(maintained.get().dropped()).as("the expired day went after the report").isEqualTo(1);
        assertThat(ids("feed", "1 = 1")).hasSize(1 + stored);
    }

    /**
     * A window change moves the interface's messages inside the new window to its tier, each with its
     * deliveries (pending ones wait until they are finished); a shorter window's older messages are the purge's.
     */
    @Test
    void a_window_change_moves_messages_and_their_deliveries_to_the_new_tier() throws Exception {
        store.retention().applyNew(Map.of("feed", 49), "engine", START);
        List<Long> ids = new ArrayList<>();
        for (int day = 0; day < 20; day++) {
            long at = START + day * DAY;
            long id = store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(at, "m" + day, "K" + day)), null), at).get(0).id();
            ids.add(id);
            if (day != 18) store.record(List.of(DeliveryOutcome.sent(id, dest("feed", "out"), 1, null, null)), at);
        }
        long now = START + 20 * DAY;
        assertThat(ids("feed", "tier = 49")).hasSize(20);

        store.retention().apply("feed", 7, "user:ops", now, null); // confirmed
        RetentionStore.Maintained m = store.retention().maintain(now, Map.of("feed", new Keeping(7, false)));
        assertThat(m.moved()).as("finished messages inside the week").isEqualTo(6);
        assertThat(ids("feed", "tier = 7")).containsExactlyElementsOf(ids.subList(13, 20).stream().filter(id -> id != ids.get(18)).toList());
        assertThat(tier(ids.get(18))).as("pending: waits").isEqualTo(49);
        assertThat(purgeAll("feed", store.retention().cutoff(7, now))).as("older than the new week: deleted").isEqualTo(13);

        store.record(List.of(DeliveryOutcome.sent(ids.get(18), dest("feed", "out"), 1, null, null)), now);
        store.retention().apply("feed", 21, "engine", now, null); // longer
        m = store.retention().maintain(now, Map.of("feed", new Keeping(21, false)));
        assertThat(m.moved()).isEqualTo(7);
        assertThat(ids("feed", "tier = 21")).hasSize(7);
        assertThat(count("SELECT COUNT(*) FROM deliveries d JOIN messages m ON m.id = d.message_id WHERE m.interface_name = 'feed'"
                + " AND (d.tier <> m.tier OR d.received_at <> m.received_at)")).as("deliveries apart from their message").isZero();
        long next = store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(now, "next", null)), null), now).get(0).id();
        assertThat(tier(next)).as("new messages go to the new tier at once").isEqualTo(21);
    }

    /**
     * A worker's outcome for a delivery that moves to the held area under it (the move holds the row; the
     * worker's update waits, then finds the row gone to another partition: 40001) still lands: the store runs
     * the write again and finds the row where it is now. The settle follows it there too.
     */
    @Test
    void an_outcome_for_a_delivery_moved_under_it_lands_where_the_row_is_now() throws Exception {
        store.retention().applyNew(Map.of("feed", 7), "engine", START);
        store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(START, "owed", null)), null), START);
        store.retention().maintain(START + 30 * DAY, Map.of("feed", new Keeping(7, false))); // held: t0's month exists now
        outcomeLandsAfterItsRowMoved(false);
        // as a worker records it: with the message's time, looked for first in its interface's tier (7), where it is
        // no longer
        outcomeLandsAfterItsRowMoved(true);
    }

    private void outcomeLandsAfterItsRowMoved(boolean timed) throws Exception {
        long id = store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(START + HOUR, "moving", null)), null), START).get(0).id();
        assertThat(tier(id)).isEqualTo(7);
        try (Connection mover = Database.POSTGRES.connect(location); Statement s = mover.createStatement()) {
            mover.setAutoCommit(false);
            s.executeUpdate("UPDATE messages SET tier = 0 WHERE id = " + id);
            s.executeUpdate("UPDATE deliveries SET tier = 0 WHERE message_id = " + id);
            DeliveryOutcome sent = DeliveryOutcome.sent(id, dest("feed", "out"), 1, null, null);
            Thread worker = Thread.ofPlatform().start(() ->
                    store.record(List.of(timed ? sent.withReceivedAt(START + HOUR) : sent), START + 2 * HOUR));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (count("SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'") == 0) {
                assertThat(System.nanoTime()).as("the worker waits for the moved row").isLessThan(deadline);
                Thread.onSpinWait();
            }
            mover.commit();
            worker.join(10_000);
            assertThat(worker.isAlive()).isFalse();
        }
        assertThat(tier(id)).isZero();
        assertThat(status(id)).as("the outcome landed and settled in the held area").isEqualTo("sent");
        assertThat(count("SELECT COUNT(*) FROM deliveries WHERE message_id = " + id + " AND status = 'sent' AND tier = 0")).isEqualTo(1);
    }

    /**
     * A worker's outcome names its row's leaf table itself once the store knows that leaf (planned once, not at
     * every run); when the leaf was dropped since (here by hand: its rows moved to the held area, the leaf
     * detached and dropped, as retention on another engine does), the statement fails, the store reads the
     * leaves again, runs the write again and the outcome lands where the row is now.
     */
    @Test
    void an_outcome_whose_leaf_was_dropped_since_lands_where_the_row_is_now() throws Exception {
        store.retention().applyNew(Map.of("feed", 7), "engine", START);
        store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(START, "owed", null)), null), START);
        store.retention().maintain(START + 30 * DAY, Map.of("feed", new Keeping(7, false))); // held: t0's month exists now
        List<Long> ids = store.store(new IntakeBatch("feed", Durability.STRICT,
                List.of(message(START + HOUR, "first", null), message(START + HOUR, "second", null)), null), START)
                .stream().map(Stored::id).toList();
        DeliveryOutcome first = DeliveryOutcome.sent(ids.get(0), dest("feed", "out"), 1, null, null).withReceivedAt(START + HOUR);
        store.record(List.of(first), START + 2 * HOUR); // the store now knows the leaf
        assertThat(status(ids.get(0))).isEqualTo("sent");
        String day = java.time.LocalDate.ofInstant(java.time.Instant.ofEpochMilli(START), java.time.ZoneOffset.UTC)
                .format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE);
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("UPDATE messages SET tier = 0 WHERE received_at = " + (START + HOUR));
            s.executeUpdate("UPDATE deliveries SET tier = 0 WHERE received_at = " + (START + HOUR));
            for (String table : List.of("deliveries", "messages")) {
                s.execute("ALTER TABLE " + table + "_t7 DETACH PARTITION " + table + "_t7_" + day);
                s.execute("DROP TABLE " + table + "_t7_" + day);
            }
            c.commit();
        }
        DeliveryOutcome second = DeliveryOutcome.sent(ids.get(1), dest("feed", "out"), 1, null, null).withReceivedAt(START + HOUR);
        assertThat(store.record(List.of(second), START + 3 * HOUR).changed()).isEqualTo(1);
        assertThat(tier(ids.get(1))).isZero();
        assertThat(status(ids.get(1))).as("the outcome landed and settled in the held area").isEqualTo("sent");
    }

    /**
     * A message resent between its leaf's hold step and the detach is copied back after the detach; its dedupe
     * claim, deleted with the rest's before the detach, comes back with it, so a later message with the same key
     * is still its duplicate. The state is the one such a race (or a crash there) leaves: the claim gone, both
     * leaves detached, the message needed.
     */
    @Test
    void a_message_copied_back_from_a_detached_leaf_keeps_its_dedupe_claim() throws Exception {
        store.retention().applyNew(Map.of("feed", 7), "engine", START);
        store.retention().maintain(START, Map.of("feed", new Keeping(7, false)));
        long id = store.store(new IntakeBatch("feed", Durability.STRICT, List.of(message(START + HOUR, "resent", "MSG-1")), null),
                START).get(0).id();
        String day = leafOf(id);
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM dedupe_keys WHERE message_id = " + id);
            s.execute("ALTER TABLE deliveries_t7 DETACH PARTITION " + day.replace("messages_", "deliveries_"));
            s.execute("ALTER TABLE messages_t7 DETACH PARTITION " + day);
        }
        long now = START + 30 * DAY;
        store.retention().maintain(now, Map.of("feed", new Keeping(7, false)));
        assertThat(tier(id)).as("copied back to the held area (it is pending)").isZero();
        assertThat(count("SELECT COUNT(*) FROM dedupe_keys WHERE message_id = " + id)).as("its claim").isEqualTo(1);
        List<io.ductus.store.Stored> again = store.store(new IntakeBatch("feed", Durability.STRICT,
                List.of(message(now, "the same again", "MSG-1")), null), now);
        assertThat(again.get(0).duplicateOf()).as("a later message with its key").isEqualTo(id);
    }

    private String leafOf(long id) throws Exception {
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT tableoid::regclass::text FROM messages WHERE id = " + id)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * The leaves ahead are made in one transaction, as the current periods' leaves at the store's opening are:
     * each attach makes every connection plan its cached statements on the tier's table again, so one attach
     * per transaction re-planned the hot path about 40 times over in a new database's first minute. One
     * transaction's leaves are the pg_class rows with one xmin (the attach updates each leaf's row).
     */
    @Test
    void the_leaves_ahead_are_made_in_one_transaction_and_so_are_those_of_the_opening() throws Exception {
        String leavesXmin = "SELECT COUNT(DISTINCT xmin::text) FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace"
                + " AND (relname LIKE 'messages\\_t%' OR relname LIKE 'deliveries\\_t%')";
        long now = START + 100 * DAY;
        assertThat(store.makeCurrentLeaves(now)).as("the current periods' leaves, as the opening makes them").isEqualTo(2 * 3);
        assertThat(count(leavesXmin)).as("the transactions that made them").isEqualTo(1);
        long before = count("SELECT COUNT(*) FROM pg_class WHERE relkind = 'r' AND relname LIKE 'messages\\_t%'");
        int made = store.retention().maintain(now, Map.of()).made();
        assertThat(made).as("leaves made ahead").isGreaterThan(20);
        long after = count("SELECT COUNT(*) FROM pg_class WHERE relkind = 'r' AND relname LIKE 'messages\\_t%'");
        assertThat(2 * (after - before)).as("messages' and deliveries' leaves").isEqualTo(made);
        assertThat(count(leavesXmin)).as("the opening's transaction and the run's").isEqualTo(2);
    }

    /** Engines on one database: while one runs the maintenance, another's run does nothing (and does not wait). */
    @Test
    void one_maintenance_at_a_time_on_a_database() throws Exception {
        long now = START + 100 * DAY;
        try (Connection other = Database.POSTGRES.connect(location); Statement s = other.createStatement()) {
            s.execute("SELECT pg_advisory_lock(21, 0)"); // another engine's run
            assertThat(store.retention().maintain(now, Map.of()).made()).as("while another runs").isZero();
            s.execute("SELECT pg_advisory_unlock(21, 0)");
        }
        assertThat(store.retention().maintain(now, Map.of()).made()).as("after it").isPositive();
        assertThat(store.retention().maintain(now, Map.of()).made()).as("nothing left to make").isZero();
    }

    private NewMessage message(long at, String text, String dedupeKey) {
        return new NewMessage(at, text.getBytes(StandardCharsets.UTF_8), "UTF-8", null, 0, dedupeKey, List.of("out"), null);
    }

    private long purgeAll(String name, long cutoff) {
        long deleted = 0;
        long after = 0;
        RetentionStore.Purged batch;
        do {
            batch = store.retention().purge(name, cutoff, false, after, 50);
            deleted += batch.deleted();
            after = batch.lastId();
        } while (!batch.done());
        return deleted;
    }

    private static String day(long at) {
        return java.time.LocalDate.ofInstant(java.time.Instant.ofEpochMilli(at), java.time.ZoneOffset.UTC)
                .format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE);
    }

    private Set<Long> ids(String name, String where) {
        Set<Long> ids = new TreeSet<>();
        try (Connection c = Database.POSTGRES.connect(location);
             PreparedStatement ps = c.prepareStatement("SELECT id FROM messages WHERE interface_name = ? AND " + where)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return ids;
    }

    private int tier(long id) {
        return (int) count("SELECT tier FROM messages WHERE id = " + id);
    }

    private String status(long id) {
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT status FROM messages WHERE id = " + id)) {
            rs.next();
            return rs.getString(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private long count(String sql) {
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> leaves() {
        List<String> all = new ArrayList<>();
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relkind = 'r'")) {
            while (rs.next()) all.add(rs.getString(1));
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return all;
    }
}
