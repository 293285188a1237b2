package io.ductus.engine.runtime;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A worker's doorbell: intake rings it after a commit, naming the commit's lane; the worker sleeps until rung or
 * a deadline. It also tells which lanes were rung since the worker last looked: a ring without a lane (an
 * operator's action, a claim, a notice from another engine, a quiet pass asked for) counts for every lane.
 */
final class Wakeup {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition rung = lock.newCondition();
    private boolean pending;
    // guarded by lock: the lanes rung since the last await; every lane when everyLane
    private final Set<Integer> lanes = new HashSet<>();
    private boolean everyLane;

    /** A ring for every lane. */
    void ring() {
        lock.lock();
        try {
            pending = true;
            everyLane = true;
            rung.signal();
        } finally {
            lock.unlock();
        }
    }

    /** A ring for one lane: something was committed in it. */
    void ring(int lane) {
        lock.lock();
        try {
            pending = true;
            if (!everyLane) lanes.add(lane);
            rung.signal();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until rung (a ring that came while awake counts) or the time is up. Returns the lanes rung since the
     * last call (an empty set: none, the time was up), or null when a ring counted for every lane.
     */
    Set<Integer> await(long millis) throws InterruptedException {
        lock.lock();
        try {
            long nanos = TimeUnit.MILLISECONDS.toNanos(millis);
            while (!pending && nanos > 0) nanos = rung.awaitNanos(nanos);
            Set<Integer> rungLanes = everyLane ? null : Set.copyOf(lanes);
            pending = false;
            everyLane = false;
            lanes.clear();
            return rungLanes;
        } finally {
            lock.unlock();
        }
    }
}
