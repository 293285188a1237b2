package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.PendingDelivery;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Platform threads on purpose: these loops never block, and on a two-core machine virtual threads running
 * them would keep the writers' threads from being scheduled at all.
 *
 * <p>Writers (with colliding dedupe keys), workers that read their lanes and record outcomes, and readers,
 * all at once for a few seconds. Any exception fails the test: no lock, busy, deadlock or serialization
 * error may reach a caller. Readers check that a batch is never seen half written.
 */
@ParameterizedClass
@EnumSource(Database.class)
class EverythingAtOnceTest {

    private static final OpenStores STORES = new OpenStores("everything");
    private static final String IFACE = "adt";
    private static final int LANES = 4;
    private static final int BATCH = 3;
    private static final long RUN_MS = 3_000;
    private static final long MAX_RUN_MS = 30_000;

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void writers_workers_and_readers_at_once_surface_no_lock_busy_or_serialization_error() throws Exception {
        JdbcStore store = STORES.get(db);
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong batchSeq = new AtomicLong();
        AtomicLong reads = new AtomicLong();
        Queue<Stored> stored = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newCachedThreadPool();
        List<Future<?>> tasks = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            tasks.add(pool.submit(() -> {
                while (running.get()) stored.addAll(store.store(randomBatch(batchSeq.incrementAndGet()), T0));
                return null;
            }));
        }
        for (String destination : List.of("a", "b")) {
            for (Set<Integer> lanes : List.of(Set.of(0, 1), Set.of(2, 3))) {
                tasks.add(pool.submit(() -> {
                    while (running.get()) work(store, new DestinationRef(IFACE, destination), lanes, false);
                    return null;
                }));
            }
        }
        for (int r = 0; r < 2; r++) {
            tasks.add(pool.submit(() -> {
                while (running.get()) {
                    read(store, stored);
                    reads.incrementAndGet();
                }
                return null;
            }));
        }
        tasks.add(pool.submit(() -> {
            try (Connection c = db.connect(STORES.location(db))) {
                while (running.get()) {
                    assertNoHalfBatch(c);
                    Thread.sleep(20);
                }
            }
            return null;
        }));
        // At least RUN_MS, and on a machine too busy to store 300 messages in that time, longer (bounded).
        long start = System.nanoTime();
        while (elapsedMs(start) < RUN_MS || (stored.size() < 300 && elapsedMs(start) < MAX_RUN_MS)) Thread.sleep(50);
        running.set(false);
        for (Future<?> task : tasks) task.get(); // rethrows the first error any of them hit
        pool.shutdown();

        for (String destination : List.of("a", "b")) {
            work(store, new DestinationRef(IFACE, destination), Set.of(0, 1, 2, 3), true);
        }
        System.out.printf("%s: %d messages stored, %d reader passes in %d ms%n", db, stored.size(), reads.get(),
                elapsedMs(start));
        assertThat(stored).hasSizeGreaterThan(100);
        assertThat(reads.get()).isPositive();
        assertFinalState(store, stored);
    }

    private static long elapsedMs(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static IntakeBatch randomBatch(long seq) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        List<NewMessage> messages = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            int lane = random.nextInt(LANES);
            String key = "K" + random.nextInt(200); // small key space: keys collide within and across batches
            messages.add(new NewMessage(T0, ("payload " + seq + "/" + i).getBytes(), "UTF-8", "b" + seq, lane, key,
                    List.of("a", "b"), null));
        }
        return IntakeBatch.of(IFACE, random.nextBoolean() ? Durability.STRICT : Durability.RELAXED, messages);
    }

    /** One worker pass: read the lanes, decide each delivery, flush in batches of at most 50. */
    private static void work(JdbcStore store, DestinationRef destination, Set<Integer> lanes, boolean untilEmpty) {
        while (true) {
            List<PendingDelivery> pending = store.pending(destination, lanes, 20);
            if (pending.isEmpty()) return;
            List<DeliveryOutcome> flush = new ArrayList<>();
            for (PendingDelivery p : pending) {
                int attempts = p.attempts() + 1;
                int roll = (int) (p.messageId() % 7);
                flush.add(!untilEmpty && roll == 0 && attempts < 3
                        ? DeliveryOutcome.retry(p.messageId(), destination, attempts, T0 + attempts, "try later")
                        : roll == 1 ? DeliveryOutcome.quarantined(p.messageId(), destination, attempts, "AR")
                        : roll == 2 ? DeliveryOutcome.filtered(p.messageId(), destination, attempts, "null")
                        : DeliveryOutcome.sent(p.messageId(), destination, attempts, null, null));
                if (flush.size() == 50) {
                    store.record(flush, T0 + 1);
                    flush = new ArrayList<>();
                }
            }
            store.record(flush, T0 + 1);
            if (!untilEmpty) return;
        }
    }

    private static void read(JdbcStore store, Queue<Stored> stored) {
        store.browse(MessageQuery.newest(IFACE, 50));
        store.destinationCounts();
        Stored any = stored.peek();
        if (any == null) return;
        MessageDetail detail = store.message(any.id()).orElseThrow();
        assertThat(detail.deliveries()).hasSize(any.duplicate() ? 0 : 2);
    }

    /** Every batch is visible whole or not at all. */
    private static void assertNoHalfBatch(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT ordering_key, COUNT(*) FROM messages GROUP BY ordering_key HAVING COUNT(*) <> " + BATCH)) {
            assertThat(rs.next()).as("a batch seen half written").isFalse();
        }
    }

    private static void assertFinalState(JdbcStore store, Queue<Stored> stored) {
        Map<String, Long> keyOwner = new HashMap<>();
        for (Stored s : stored) {
            MessageDetail m = store.message(s.id()).orElseThrow();
            String key = m.summary().dedupeKey();
            if (s.duplicate()) {
                assertThat(m.summary().status()).isEqualTo(MessageStatus.DUPLICATE);
                assertThat(m.deliveries()).isEmpty();
                continue;
            }
            assertThat(keyOwner.put(key, s.id())).as("two owners of key %s", key).isNull();
            assertThat(m.deliveries()).hasSize(2);
            assertThat(m.summary().status()).as("message %d", s.id())
                    .isEqualTo(MessageStatus.derive(m.deliveries().stream().map(DeliveryRecord::status).toList()))
                    .isNotEqualTo(MessageStatus.PENDING);
        }
        for (Stored s : stored) {
            if (s.duplicate()) assertThat(keyOwner).containsValue(s.duplicateOf());
        }
    }
}
