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
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real SQLite file under retention: made with incremental auto-vacuum, and after eight simulated weeks at
 * a steady rate with a one-week window (purged and given back daily) it is about the size it had after one
 * window, not eight.
 */
class SqliteFileSizeTest {

    private static final long DAY = 86_400_000L;
    private static final long START = RetentionContractTest.START;

    @TempDir
    Path folder;

    @Test
    void a_new_file_gives_free_pages_back_a_few_at_a_time() throws Exception {
        Path file = folder.resolve("new.db");
        try (JdbcStore store = Database.SQLITE.open("sqlite:" + file)) {
            try (Connection c = Database.SQLITE.connect("sqlite:" + file); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("PRAGMA auto_vacuum")) {
                rs.next();
                assertThat(rs.getInt(1)).as("incremental").isEqualTo(2);
            }
            day(store, 0, 2000);
            purge(store, START + DAY);
            long free = store.retention().space().freeBytes();
            assertThat(free).as("the purge freed pages").isPositive();
            long left = store.retention().reclaim(8);
            assertThat(left * 4096).isLessThan(free);
            while (left > 0) left = store.retention().reclaim(256);
            assertThat(store.retention().space().freeBytes()).isZero();
        }
    }

    @Test
    void after_eight_weeks_at_a_steady_rate_the_file_is_the_size_of_its_window() throws Exception {
        Path file = folder.resolve("steady.db");
        long windowSize = 0;
        long steadySize = 0;
        try (JdbcStore store = Database.SQLITE.open("sqlite:" + file)) {
            for (int day = 0; day < 56; day++) {
                day(store, day, 400);
                long run = START + (day + 1) * DAY + 3_600_000L;
                purge(store, run - 7 * DAY);
                while (store.retention().reclaim(256) > 0) {
                    // a few pages at a time, as the engine does between intake's commits
                }
                if (day == 6) windowSize = store.retention().space().bytes();
            }
            steadySize = store.retention().space().bytes();
        }
        System.out.printf("SQLite file: %,d bytes after one window, %,d after eight weeks (%.2f); on disk %,d%n", windowSize,
                steadySize, (double) steadySize / windowSize, Files.size(file));
        assertThat((double) steadySize / windowSize).isLessThanOrEqualTo(1.3);
    }

    /** A day's messages, 1.2 KB each with two destinations, all sent. */
    private static void day(JdbcStore store, int day, int messages) {
        byte[] payload = ("MSH|^~\\&|LAB|HOSP|EHR|HOSP|" + day + "|").repeat(40).getBytes(StandardCharsets.UTF_8);
        long at = START + day * DAY + 9 * 3_600_000L;
        for (int done = 0; done < messages; done += 200) {
            List<NewMessage> batch = new ArrayList<>();
            for (int i = 0; i < 200; i++) batch.add(new NewMessage(at, payload, "UTF-8", null, 0, "D" + day + "-" + (done + i),
                    List.of("a", "b"), null));
            var stored = store.store(new IntakeBatch("steady", Durability.RELAXED, batch, null), at);
            List<DeliveryOutcome> outcomes = new ArrayList<>();
            for (var s : stored) {
                outcomes.add(DeliveryOutcome.sent(s.id(), new DestinationRef("steady", "a"), 1, null, null));
                outcomes.add(DeliveryOutcome.sent(s.id(), new DestinationRef("steady", "b"), 1, null, null));
            }
            store.record(outcomes, at);
        }
    }

    private static void purge(JdbcStore store, long cutoff) {
        long after = 0;
        RetentionStore.Purged batch;
        do {
            batch = store.retention().purge("steady", cutoff, false, after, 200);
            after = batch.lastId();
        } while (!batch.done());
    }
}
