package io.ductus.engine.runtime;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** A worker's doorbell: intake rings it after a commit; the worker sleeps until rung or a deadline. */
final class Wakeup {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition rung = lock.newCondition();
    private boolean pending;

    void ring() {
        lock.lock();
        try {
            pending = true;
            rung.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until rung (a ring that came while awake counts) or the time is up; true when rung. */
    boolean await(long millis) throws InterruptedException {
        lock.lock();
        try {
            long nanos = TimeUnit.MILLISECONDS.toNanos(millis);
            while (!pending && nanos > 0) nanos = rung.awaitNanos(nanos);
            boolean wasRung = pending;
            pending = false;
            return wasRung;
        } finally {
            lock.unlock();
        }
    }
}
