package io.ductus.engine.runtime;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Counts an interface's transform calls that ran past the timeout, across all its workers. Three in a
 * row and the interface is stopped with a visible reason (the others keep running): code that loops
 * forever would otherwise hold a worker for the timeout on every message.
 */
final class RunawayGuard {

    static final int LIMIT = 3;

    private final AtomicInteger inARow = new AtomicInteger();
    private final AtomicBoolean tripped = new AtomicBoolean();
    private final Consumer<String> stop;

    RunawayGuard(Consumer<String> stop) {
        this.stop = stop;
    }

    void ranPastTimeout(String detail) {
        if (inARow.incrementAndGet() >= LIMIT && tripped.compareAndSet(false, true)) {
            stop.accept("its code ran past the timeout " + LIMIT + " times in a row (last: " + detail
                    + "); fix the code and restart the engine");
        }
    }

    void ranFine() {
        inARow.set(0);
    }
}
