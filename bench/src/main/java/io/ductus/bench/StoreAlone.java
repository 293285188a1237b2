package io.ductus.bench;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Store;
import io.ductus.store.Stored;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The store alone, as the engine's intake calls it: the mllp-ingest message, one destination, strict, one
 * message per call, from {@code writers} threads of this JVM. The reference an engine's rate is divided by.
 */
final class StoreAlone {

    private final AtomicLong counter = new AtomicLong();

    /** Messages stored by {@code writers} threads in {@code millis}; with one writer each call's nanoseconds go to {@code trips}. */
    long slice(Store store, int writers, long millis, List<Long> trips) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        if (writers == 1) return storeUntil(store, end, trips);
        AtomicLong stored = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (int w = 0; w < writers; w++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    stored.addAndGet(storeUntil(store, end, null));
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread t : threads) t.join();
        if (!failures.isEmpty()) throw new IllegalStateException("the store alone failed: " + failures.get(0), failures.get(0));
        return stored.get();
    }

    private long storeUntil(Store store, long end, List<Long> trips) {
        long stored = 0;
        while (System.nanoTime() < end) {
            long n = counter.getAndIncrement();
            String key = "K" + (n % 64);
            NewMessage m = new NewMessage(System.currentTimeMillis(), MllpIngestBench.message("S" + n, key), "UTF-8", key,
                    (int) (n % 8), null, List.of("archive"), null);
            long t0 = System.nanoTime();
            store.store(IntakeBatch.of("ingest", Durability.STRICT, List.of(m)), System.currentTimeMillis());
            if (trips != null) trips.add(System.nanoTime() - t0);
            stored++;
        }
        return stored;
    }

    /** The destination the store alone's messages are stored for (the mllp-ingest engine's). */
    private static final DestinationRef ARCHIVE = new DestinationRef("ingest", "archive");
    /** A worker's read per lane, as the engine's ({@code SlotWorker.READ_PER_LANE}). */
    private static final int READ_PER_LANE = 32;

    /**
     * What the store alone does beside each strict store in {@link #sliceWithOutcomes}: the engine's delivery worker
     * reads its lane's pending deliveries ({@link Store#pending}, the read pool) and records the outcome, sent
     * ({@link Store#record}: relaxed, the delivery finished and the message settled, through the same group-commit
     * writer), on a thread of its own while the next message is stored ({@code OUTCOMES}); only the read or only the
     * record on that thread ({@code READS}, {@code RECORDS}); or both on the storing thread right after its strict
     * store, so that every strict commit follows a relaxed commit of its own and nothing overlaps ({@code INLINE}).
     */
    enum Mix {
        OUTCOMES(true, true, true), READS(true, true, false), RECORDS(true, false, true), INLINE(false, true, true);

        final boolean onWorker;
        final boolean read;
        final boolean record;

        Mix(boolean onWorker, boolean read, boolean record) {
            this.onWorker = onWorker;
            this.read = read;
            this.record = record;
        }
    }

    /**
     * The engine's write mix per message, one at a time: this thread stores message N strictly (its call's
     * nanoseconds into {@code trips}), and N's delivery is read and recorded as {@code mix} says. Returns the
     * messages stored strictly; every one of them has been read and recorded when it returns.
     */
    long sliceWithOutcomes(Store store, long millis, List<Long> trips, Mix mix) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        BlockingQueue<long[]> handed = new ArrayBlockingQueue<>(1024);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        long[] last = {-1, 0, 0};
        Thread worker = !mix.onWorker ? null : Thread.ofPlatform().name("store-alone-worker").start(() -> {
            try {
                for (long[] m = handed.take(); m != last; m = handed.take()) deliver(store, m, mix);
            } catch (Throwable e) {
                failed.set(e);
            }
        });
        long stored = 0;
        try {
            while (System.nanoTime() < end && failed.get() == null) {
                long n = counter.getAndIncrement();
                String key = "K" + (n % 64);
                int lane = (int) (n % 8);
                long now = System.currentTimeMillis();
                NewMessage m = new NewMessage(now, MllpIngestBench.message("M" + n, key), "UTF-8", key, lane, null,
                        List.of("archive"), null);
                long t0 = System.nanoTime();
                Stored s = store.store(IntakeBatch.of("ingest", Durability.STRICT, List.of(m)), now).get(0);
                if (trips != null) trips.add(System.nanoTime() - t0);
                stored++;
                if (worker != null) handed.put(new long[] {s.id(), lane, now});
                else deliver(store, new long[] {s.id(), lane, now}, mix);
            }
        } finally {
            if (worker != null) {
                handed.put(last);
                worker.join();
            }
        }
        if (failed.get() != null) throw new IllegalStateException("the store alone's worker failed: " + failed.get(), failed.get());
        return stored;
    }

    /** A worker's part for message {@code m} (id, lane, received at). */
    private static void deliver(Store store, long[] m, Mix mix) {
        if (mix.read && store.pending(ARCHIVE, Set.of((int) m[1]), READ_PER_LANE).isEmpty()) {
            throw new IllegalStateException("message " + m[0] + " not pending in lane " + m[1]);
        }
        if (mix.record) {
            store.record(List.of(DeliveryOutcome.sent(m[0], ARCHIVE, 1, null, null).withReceivedAt(m[2])), System.currentTimeMillis());
        }
    }
}
