package io.ductus.engine.monitor;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What each interface and destination last did, in memory: the facts health is judged from that the
 * database does not hold (when a message was last received, a delivery last finished or failed) and the
 * counts rates are sampled from. Intake and the workers mark them on the hot path (an atomic max or add,
 * no lock, no write); the health task reads them and saves the times every few seconds.
 */
public final class Activity {

    private final Map<String, InterfaceMoments> interfaces = new ConcurrentHashMap<>();
    private final Map<DestinationRef, DestinationMoments> destinations = new ConcurrentHashMap<>();

    public InterfaceMoments of(String interfaceName) {
        return interfaces.computeIfAbsent(interfaceName, n -> new InterfaceMoments());
    }

    public DestinationMoments of(DestinationRef destination) {
        return destinations.computeIfAbsent(destination, d -> new DestinationMoments());
    }

    /** One interface: when it last stored a message, how many it stored (duplicates left out), how long storing takes. */
    public static final class InterfaceMoments {
        private final AtomicLong lastReceived = new AtomicLong(-1);
        private final LongAdder received = new LongAdder();
        private final IntakeLatency latency = new IntakeLatency();

        /** How long its intake takes to store what its source hands it. */
        public IntakeLatency latency() {
            return latency;
        }

        void received(long at, boolean duplicate) {
            lastReceived.accumulateAndGet(at, Math::max);
            if (!duplicate) received.increment();
        }

        /** Unix ms, or -1 for never. */
        public long lastReceived() {
            return lastReceived.get();
        }

        public long received() {
            return received.sum();
        }

        /** Seeds the time saved by an earlier run (it never moves back). */
        public void loaded(Long at) {
            if (at != null) lastReceived.accumulateAndGet(at, Math::max);
        }
    }

    /** One destination: its last finished delivery and failed attempt, and counts of outcomes and sends. */
    public static final class DestinationMoments {
        private final AtomicLong lastFinished = new AtomicLong(-1);
        private final AtomicReference<Failure> lastFailure = new AtomicReference<>();
        private final LongAdder finished = new LongAdder();
        private final LongAdder sends = new LongAdder();
        private final LongAdder sendNanos = new LongAdder();

        /** When an attempt failed, and why. */
        public record Failure(long at, String error) {
        }

        void recorded(DeliveryOutcome outcome, long at) {
            if (outcome.kind() == DeliveryOutcome.Kind.RETRY || outcome.kind() == DeliveryOutcome.Kind.QUARANTINED) {
                Failure now = new Failure(at, outcome.error());
                lastFailure.accumulateAndGet(now, (a, b) -> a == null || b.at() >= a.at() ? b : a);
            }
            if (outcome.kind() != DeliveryOutcome.Kind.RETRY) {
                lastFinished.accumulateAndGet(at, Math::max);
                finished.increment();
            }
        }

        void sendTook(long nanos) {
            sends.increment();
            sendNanos.add(nanos);
        }

        public long lastFinished() {
            return lastFinished.get();
        }

        /** The last failed attempt, or null. */
        public Failure lastFailure() {
            return lastFailure.get();
        }

        public long finished() {
            return finished.sum();
        }

        public long sends() {
            return sends.sum();
        }

        public long sendNanos() {
            return sendNanos.sum();
        }

        public void loaded(Long finishedAt, Long errorAt, String error) {
            if (finishedAt != null) lastFinished.accumulateAndGet(finishedAt, Math::max);
            if (errorAt != null) lastFailure.accumulateAndGet(new Failure(errorAt, error), (a, b) -> a == null || b.at() >= a.at() ? b : a);
        }
    }
}
