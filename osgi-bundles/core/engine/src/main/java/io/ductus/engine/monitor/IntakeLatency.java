package io.ductus.engine.monitor;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long one interface's intake takes to store what its source hands it, as its senders feel it: the
 * slowest submission of the last {@value #WINDOW_MS} to {@code 2 ×} that many ms, and the age of the oldest one
 * still storing (a stalled intake finishes nothing, so only this shows it). Marked on the hot path without a
 * lock; read by health and /ready.
 */
public final class IntakeLatency {

    static final long WINDOW_MS = 15_000;

    private final Set<long[]> storing = ConcurrentHashMap.newKeySet();
    private final AtomicLong window = new AtomicLong();
    private final AtomicLong slowest = new AtomicLong();
    private final AtomicLong slowestBefore = new AtomicLong();

    /** A submission began at {@code nowMs}; give the handle back to {@link #finished}. */
    public Object started(long nowMs) {
        long[] handle = {nowMs};
        storing.add(handle);
        return handle;
    }

    /** The submission ended (stored or failed) at {@code nowMs}; returns how long it took, in ms. */
    public long finished(Object handle, long nowMs) {
        long[] started = (long[]) handle;
        storing.remove(started);
        long took = Math.max(0, nowMs - started[0]);
        roll(nowMs);
        slowest.accumulateAndGet(took, Math::max);
        return took;
    }

    /** The longest a sender waits now: the oldest submission still storing, or the slowest recent one. */
    public long lagMillis(long nowMs) {
        roll(nowMs);
        long lag = Math.max(slowest.get(), slowestBefore.get());
        for (long[] s : storing) lag = Math.max(lag, nowMs - s[0]);
        return lag;
    }

    private void roll(long nowMs) {
        long current = nowMs / WINDOW_MS;
        long was = window.get();
        if (current == was || !window.compareAndSet(was, current)) return;
        slowestBefore.set(current == was + 1 ? slowest.getAndSet(0) : 0);
        if (current != was + 1) slowest.set(0);
    }
}
