package io.ductus.bench;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Store;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

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
}
