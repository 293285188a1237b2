package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL: the delivery workers' reads cannot take every connection of the engine's pool from the strict
 * intake. A takeover of a backlogged engine wakes every worker with deliveries pending at once; before, their
 * reads queued in the pool ahead of the intake, which gave up after the pool's wait (10 s) and answered its
 * senders AE.
 */
class PoolKeptForIntakeTest {

    private static final int POOL = 4;
    private static final int READERS = 40; // ten times the pool
    private static final long LOCK = 4_025_023L;

    @Test
    void strict_intake_stores_while_more_reads_wait_than_the_pool_has_connections() throws Exception {
        String url = PostgresServer.newDatabase("pool_kept");
        JdbcStore store = PostgresStores.open(url + "?pool_size=" + POOL);
        List<Thread> readers = new ArrayList<>();
        // The test's own session holds a lock every read waits for: the reads hold their connections until it ends.
        try (Connection holder = DriverManager.getConnection(jdbc(url), "postgres", "postgres")) {
            try (Statement s = holder.createStatement()) {
                s.execute("SELECT pg_advisory_lock(" + LOCK + ")");
            }
            AtomicInteger done = new AtomicInteger();
            for (int i = 0; i < READERS; i++) {
                readers.add(Thread.ofVirtual().start(() -> {
                    store.transactions().read(c -> {
                        try (Statement s = c.createStatement()) {
                            s.execute("SELECT pg_advisory_xact_lock_shared(" + LOCK + ")");
                        }
                        return null;
                    });
                    done.incrementAndGet();
                }));
            }
            // Until as many reads wait for the lock as the workers' share of the pool lets run.
            awaitWaitingReads(holder, POOL - 1);
            List<Stored> stored = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                long started = System.nanoTime();
                long now = System.currentTimeMillis();
                NewMessage m = new NewMessage(now, ("m" + i).getBytes(StandardCharsets.UTF_8), "UTF-8", "k", 0, null,
                        List.of("file"), null);
                stored.addAll(store.store(IntakeBatch.of("lab", Durability.STRICT, List.of(m)), now));
                // well under the pool's wait (10 s), after which the intake gave up before
                assertThat((System.nanoTime() - started) / 1_000_000).as("ms to store message %d", i).isLessThan(5_000);
            }
            assertThat(stored).hasSize(10);
            assertThat(waitingReads(holder)).as("reads running while the lock is held").isEqualTo(POOL - 1);
            assertThat(done).hasValue(0);
        } finally {
            for (Thread t : readers) t.join();
            store.close();
        }
    }

    private static void awaitWaitingReads(Connection c, int count) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (waitingReads(c) < count) {
            assertThat(System.nanoTime()).as("%d reads waiting within 30 s", count).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private static int waitingReads(Connection c) throws Exception {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database =
                (SELECT oid FROM pg_database WHERE datname = current_database())""");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String jdbc(String url) {
        return "jdbc:postgresql://" + url.substring(url.indexOf('@') + 1);
    }
}
