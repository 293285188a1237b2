package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.jdbc.JdbcStore;
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
 * Persist before acknowledge, under kill -9: a child JVM commits batches through group commit and prints
 * each id store() returned; it is killed (SIGKILL) in the middle of that, twice. After each kill the
 * database is reopened: every printed id is there with all its deliveries, and no message, batch or
 * delivery set is half written.
 */
@ParameterizedClass
@EnumSource(Database.class)
class CrashSafetyTest {

    private static final OpenStores STORES = new OpenStores("crash");

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void every_id_returned_before_a_kill_is_present_after_it_and_nothing_is_half_written() throws Exception {
        String location = STORES.location(db);
        for (int kill = 1; kill <= 2; kill++) {
            List<Long> acknowledged = runAndKill(location, 8);
            assertThat(acknowledged).as("ids printed before kill %d", kill).hasSizeGreaterThan(50);
            try (JdbcStore store = db.open(location)) { // reopens: migrations, reconcile
                assertThat(store.message(acknowledged.get(acknowledged.size() - 1))).isPresent();
            }
            Map<Long, Integer> deliveries = deliveriesPerMessage(location);
            for (long id : acknowledged) {
                assertThat(deliveries.get(id)).as("deliveries of message %d, acknowledged before kill %d", id, kill)
                        .isEqualTo(CrashChild.DESTINATIONS.size());
            }
            System.out.printf("%s kill %d: %d acknowledged ids all present, %d messages stored%n", db, kill,
                    acknowledged.size(), deliveries.size());
            assertNothingHalfWritten(location);
        }
    }

    private List<Long> runAndKill(String location, int writers) throws Exception {
        // Let it commit a while (at least 100 acknowledged ids), then kill it at a random moment of its flight.
        ChildOutput output = ChildOutput.runAndKill(CrashChild.class, List.of(db.name(), location, Integer.toString(writers)),
                ChildOutput.settled(700, 100, 600));
        return completeLines(output.bytes());
    }

    /** The ids of every complete line; a line cut off by the kill was never fully acknowledged. */
    private static List<Long> completeLines(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('\n');
        List<Long> ids = new ArrayList<>();
        if (end < 0) return ids;
        for (String line : text.substring(0, end).split("\n")) {
            if (!line.isBlank() && !line.equals("ready")) ids.add(Long.parseLong(line.strip()));
        }
        return ids;
    }

    private Map<Long, Integer> deliveriesPerMessage(String location) throws Exception {
        Map<Long, Integer> counts = new HashMap<>();
        try (Connection c = db.connect(location); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT m.id, COUNT(d.message_id) FROM messages m"
                     + " LEFT JOIN deliveries d ON d.message_id = m.id GROUP BY m.id")) {
            while (rs.next()) counts.put(rs.getLong(1), rs.getInt(2));
        }
        return counts;
    }

    private void assertNothingHalfWritten(String location) throws Exception {
        try (Connection c = db.connect(location); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM messages m WHERE (SELECT COUNT(*) FROM deliveries d"
                    + " WHERE d.message_id = m.id) <> " + CrashChild.DESTINATIONS.size())) {
                rs.next();
                assertThat(rs.getLong(1)).as("messages without all their deliveries").isZero();
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (SELECT ordering_key FROM messages"
                    + " GROUP BY ordering_key HAVING COUNT(*) <> " + CrashChild.MESSAGES_PER_BATCH + ") half")) {
                rs.next();
                assertThat(rs.getLong(1)).as("batches stored in part").isZero();
            }
        }
    }
}
