package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore.Keeping;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * kill -9 during partition drops (PostgreSQL): a child JVM runs the maintenance day after simulated day over
 * twenty expired days of a 1w interface (each drop moves the day's pending and quarantined messages to the
 * held area, detaches both leaves in one transaction and drops them) and is killed in the middle of that: once
 * on purpose while its detach waits behind a long reader (what a reader sees meanwhile is checked too), then
 * twice at random. After each kill every message that must stay is there with all its deliveries, no message
 * is there without them nor a delivery without its message, and the next run in this JVM finishes the job: no
 * expired leaf, detached or half-detached, is left.
 */
class PartitionCrashTest {

    static final String INTERFACE = "crash";
    static final long DAY = 86_400_000L;
    static final List<String> DESTINATIONS = List.of("a", "b", "c");
    /** A Monday at midnight UTC. */
    private static final long START = 1_780_012_800_000L;
    private static final int DAYS = 20;
    private static final long YOUNG = START + 40 * DAY;
    private static final long LAST = START + (DAYS + 8) * DAY;
    private static final OpenStores STORES = new OpenStores("partition_crash");
    /** Messages owed (pending or quarantined, in the expired days) and inside the window. */
    private long owed;
    private long young;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void a_kill_during_partition_drops_loses_nothing_that_should_stay_and_leaves_nothing_half_dropped() throws Exception {
        String location = STORES.location(Database.POSTGRES);
        try (JdbcStore store = Database.POSTGRES.open(location)) {
            owed = fill(store);
        }
        young = count(location, "received_at >= " + YOUNG);
        long expired = count(location, "received_at < " + YOUNG + " AND status = 'sent'");
        List<String> args = List.of(location, Long.toString(START + 8 * DAY), Long.toString(LAST));
        // Kill 0, on purpose in the middle of a detach: a long reader holds the tier's locks, so the child's first
        // drop waits in its DETACH (where two detaches one after the other had one leaf gone and the other not).
        try (Connection reader = Database.POSTGRES.connect(location); Statement s = reader.createStatement();
             Connection watcher = Database.POSTGRES.connect(location)) {
            reader.setAutoCommit(false);
            s.executeQuery("SELECT COUNT(*) FROM messages m JOIN deliveries d ON d.message_id = m.id").close();
            ChildOutput.runAndKill(PartitionCrashChild.class, args, output -> detaching(watcher, "Lock") > 0, () -> {
                consistent(location, "while a detach waits"); // what any reader sees meanwhile
                return null;
            });
            reader.rollback();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (detaching(watcher, null) > 0) {
                assertThat(System.nanoTime()).as("the killed child's detach ended").isLessThan(deadline);
                Thread.onSpinWait();
            }
        }
        consistent(location, "kill 0, in a detach");
        for (int kill = 1; kill <= 2; kill++) {
            ChildOutput output = ChildOutput.runAndKill(PartitionCrashChild.class, args, ChildOutput.settled(0, 2, 1500));
            assertThat(output.lines()).as("runs before kill %d", kill).isGreaterThan(1);
            consistent(location, "kill " + kill);
        }
        assertThat(count(location, "received_at < " + YOUNG + " AND status = 'sent'")).as("the drops got somewhere").isLessThan(expired);
        try (JdbcStore store = Database.POSTGRES.open(location)) {
            store.retention().maintain(LAST, Map.of(INTERFACE, new Keeping(7, false)));
        }
        assertThat(count(location, "received_at < " + YOUNG + " AND status = 'sent'")).as("finished by the next run").isZero();
        assertThat(count(location, "tier = 0")).as("the owed ones, held").isEqualTo(owed);
        assertThat(count(location, "1 = 1")).isEqualTo(young + owed);
        assertThat(scalar(location, "SELECT COUNT(*) FROM pg_class c LEFT JOIN pg_inherits i ON i.inhrelid = c.oid"
                + " WHERE c.relkind = 'r' AND c.relname ~ '^(messages|deliveries)_t[0-9]+_[0-9]{8}$'"
                + " AND (i.inhrelid IS NULL OR i.inhdetachpending)")).as("detached or half-detached leaves left").isZero();
    }

    /** Everything inside the window and everything owed is there, and every message is whole, with all its deliveries. */
    private void consistent(String location, String when) throws Exception {
        assertThat(count(location, "received_at >= " + YOUNG)).as("inside the window, %s", when).isEqualTo(young);
        assertThat(count(location, "status IN ('pending', 'quarantined')")).as("owed, %s", when).isEqualTo(owed);
        assertThat(count(location, "(SELECT COUNT(*) FROM deliveries d WHERE d.message_id = m.id) <> " + DESTINATIONS.size()))
                .as("messages without all their deliveries, %s", when).isZero();
        assertThat(scalar(location, "SELECT COUNT(*) FROM deliveries d WHERE NOT EXISTS (SELECT 1 FROM messages m"
                + " WHERE m.id = d.message_id AND m.tier = d.tier)")).as("deliveries apart from their message, %s", when).isZero();
    }

    /** Statements of other sessions of this database detaching a partition now (waiting for {@code waitEventType}, if given). */
    private static long detaching(Connection c, String waitEventType) throws Exception {
        try (var ps = c.prepareStatement("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND pid <> pg_backend_pid() AND state = 'active' AND query LIKE 'ALTER TABLE % DETACH PARTITION %'"
                + " AND (CAST(? AS text) IS NULL OR wait_event_type = ?)")) {
            ps.setString(1, waitEventType);
            ps.setString(2, waitEventType);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Twenty days of 300 messages (one in ten pending, one in ten quarantined, the rest sent), and 300 young ones. */
    private static long fill(JdbcStore store) {
        store.retention().applyNew(Map.of(INTERFACE, 7), "engine", START);
        long owed = 0;
        byte[] payload = "MSH|^~\\&|x".repeat(40).getBytes(StandardCharsets.UTF_8);
        for (int day = 0; day <= DAYS; day++) {
            long at = day < DAYS ? START + day * DAY + 3_600_000L : YOUNG;
            List<NewMessage> batch = new ArrayList<>();
            for (int i = 0; i < 300; i++) batch.add(new NewMessage(at + i, payload, "UTF-8", null, 0, "k" + day + "-" + i, DESTINATIONS, null));
            var stored = store.store(new IntakeBatch(INTERFACE, Durability.RELAXED, batch, null), at);
            List<DeliveryOutcome> outcomes = new ArrayList<>();
            for (int i = 0; i < stored.size(); i++) {
                long id = stored.get(i).id();
                boolean young = day == DAYS;
                if (!young && i % 10 == 0) {
                    owed++;
                    continue;
                }
                boolean quarantine = !young && i % 10 == 1;
                if (quarantine) owed++;
                for (String d : DESTINATIONS) {
                    DestinationRef ref = new DestinationRef(INTERFACE, d);
                    outcomes.add(quarantine && d.equals("b") ? DeliveryOutcome.quarantined(id, ref, 1, "AE")
                            : DeliveryOutcome.sent(id, ref, 1, null, null));
                }
            }
            store.record(outcomes, at);
        }
        return owed;
    }

    private static long count(String location, String where) throws Exception {
        return scalar(location, "SELECT COUNT(*) FROM messages m WHERE interface_name = '" + INTERFACE + "' AND " + where);
    }

    private static long scalar(String location, String sql) throws Exception {
        try (Connection c = Database.POSTGRES.connect(location); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
