package io.ductus.engine.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;

/**
 * How a route wakes the workers of the interface it stored into: each running interface puts here what
 * its intake calls after a commit. An interface that does not run has nothing to wake; its workers read
 * what waits when it starts. Lock-free on purpose: a worker's last flush runs while the manager, holding
 * its own lock, waits for that worker to end.
 */
final class RunningLanes {

    private final Map<String, IntConsumer> committed = new ConcurrentHashMap<>();

    void started(String interfaceName, IntConsumer committedInLane) {
        committed.put(interfaceName, committedInLane);
    }

    void stopped(String interfaceName, IntConsumer committedInLane) {
        committed.remove(interfaceName, committedInLane);
    }

    /** A message of this interface was committed in this lane. */
    void committed(String interfaceName, int lane) {
        IntConsumer wake = committed.get(interfaceName);
        if (wake != null) wake.accept(lane);
    }
}
