package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.retention.RetentionStore;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * kill -9 during a purge (and, on SQLite, the incremental vacuum after each batch): a child JVM purges
 * expired messages in batches and is killed in the middle of that, twice. After each kill, every message
 * that must stay (inside the window, pending, quarantined) is there with all its deliveries, and every
 * message left has all its deliveries: a batch is deleted whole or not at all. A last purge in this JVM
 * then finishes the job.
 */
@ParameterizedClass
@EnumSource(Database.class)
class PurgeCrashTest {

    static final String INTERFACE = "purge";
    static final List<String> DESTINATIONS = List.of("a", "b", "c");
    private static final long DAY = 86_400_000L;
    private static final long OLD = Messages.T0;
    private static final long YOUNG = Messages.T0 + 60 * DAY;
    private static final long CUTOFF = Messages.T0 + 30 * DAY;
    private static final OpenStores STORES = new OpenStores("purge_crash");

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void a_kill_during_a_purge_loses_nothing_that_should_stay_and_leaves_nothing_half_deleted() throws Exception {
        String location = STORES.location(db);
        Map<String, Long> mustStay = new HashMap<>(); // expected counts by kind
        try (JdbcStore store = db.open(location)) {
            mustStay = fill(store);
        }
        long expiredBefore = count(location, "received_at < " + CUTOFF + " AND status = 'sent'");
        for (int kill = 1; kill <= 2; kill++) {
            int batches = runAndKill(location);
            assertThat(batches).as("batches committed before kill %d", kill).isGreaterThan(5);
            try (JdbcStore store = db.open(location)) { // reopens: migrations, reconcile
                store.reconcile(YOUNG);
            }
            assertThat(count(location, "received_at >= " + CUTOFF)).as("inside the window, kill %d", kill).isEqualTo(mustStay.get("young"));
            assertThat(count(location, "status = 'pending'")).as("pending, kill %d", kill).isEqualTo(mustStay.get("pending"));
            assertThat(count(location, "status = 'quarantined'")).as("quarantined, kill %d", kill).isEqualTo(mustStay.get("quarantined"));
            assertThat(count(location, "(SELECT COUNT(*) FROM deliveries d WHERE d.message_id = m.id) <> " + DESTINATIONS.size()))
                    .as("messages without all their deliveries, kill %d", kill).isZero();
            assertThat(orphanDeliveries(location)).as("deliveries without their message, kill %d", kill).isZero();
        }
        assertThat(count(location, "received_at < " + CUTOFF + " AND status = 'sent'")).as("the purge got somewhere")
                .isLessThan(expiredBefore);
        try (JdbcStore store = db.open(location)) {
            long after = 0;
            RetentionStore.Purged batch;
            do {
                batch = store.retention().purge(INTERFACE, CUTOFF, false, after, 500);
                after = batch.lastId();
            } while (!batch.done());
        }
        assertThat(count(location, "received_at < " + CUTOFF + " AND status = 'sent'")).as("finished by the next run").isZero();
        assertThat(count(location, "1 = 1")).isEqualTo(mustStay.get("young") + mustStay.get("pending") + mustStay.get("quarantined"));
    }

    /** 6,000 expired messages (one in ten pending, one in ten quarantined, the rest sent) and 1,000 inside the window. */
    private static Map<String, Long> fill(JdbcStore store) {
        long pending = 0;
        long quarantined = 0;
        byte[] payload = "MSH|^~\\&|x".repeat(40).getBytes(StandardCharsets.UTF_8);
        for (int b = 0; b < 14; b++) {
            long at = b < 12 ? OLD + b * 1000 : YOUNG + b * 1000;
            List<NewMessage> batch = new ArrayList<>();
            for (int i = 0; i < 500; i++) batch.add(new NewMessage(at, payload, "UTF-8", null, 0, null, DESTINATIONS, null));
            var stored = store.store(new IntakeBatch(INTERFACE, Durability.RELAXED, batch, null), at);
            List<DeliveryOutcome> outcomes = new ArrayList<>();
            for (int i = 0; i < stored.size(); i++) {
                long id = stored.get(i).id();
                if (b < 12 && i % 10 == 0) {
                    pending++;
                    continue;
                }
                boolean quarantine = b < 12 && i % 10 == 1;
                if (quarantine) quarantined++;
                for (String d : DESTINATIONS) {
                    DestinationRef ref = new DestinationRef(INTERFACE, d);
                    outcomes.add(quarantine && d.equals("b") ? DeliveryOutcome.quarantined(id, ref, 1, "AE")
                            : DeliveryOutcome.sent(id, ref, 1, null, null));
                }
            }
            store.record(outcomes, at);
        }
        return Map.of("young", 1000L, "pending", pending, "quarantined", quarantined);
    }

    private int runAndKill(String location) throws Exception {
        ChildOutput output = ChildOutput.runAndKill(PurgeCrashChild.class, List.of(db.name(), location, Long.toString(CUTOFF)),
                ChildOutput.settled(0, 10, 200));
        return output.lines() - 1;
    }

    private long count(String location, String where) throws Exception {
        try (Connection c = db.connect(location); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM messages m WHERE interface_name = '" + INTERFACE + "' AND " + where)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private long orphanDeliveries(String location) throws Exception {
        try (Connection c = db.connect(location); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT COUNT(*) FROM deliveries d WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = d.message_id)")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
