package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.core.project.Retry;
import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The worker's ordering, lane blocking and recording rules, against an in-memory queue. */
class SlotWorkerTest {

    private final DestinationRef ref = new DestinationRef("adt", "lab");
    private final FakeQueueStore store = new FakeQueueStore(ref);
    private final List<Long> sent = new CopyOnWriteArrayList<>();
    private Thread thread;
    private SlotWorker worker;

    @AfterEach
    void stop() throws InterruptedException {
        if (worker != null) worker.stop();
        if (thread != null) thread.join(5000);
    }

    @Test
    void delivers_each_lane_strictly_by_message_id() throws Exception {
        for (long id = 1; id <= 9; id++) store.add(id, (int) (id % 3));
        run(id -> Outcome.sent("ok"), Retry.FOREVER);

        awaitDone();
        assertThat(sent).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(store.allOutcomes()).allMatch(o -> o.kind() == DeliveryOutcome.Kind.SENT && o.attempts() == 1);
    }

    @Test
    void a_worker_that_drained_its_lanes_reads_only_the_lane_rung_and_every_lane_when_rung_for_all() throws Exception {
        store.add(1, 0);
        store.add(2, 5);
        run(id -> Outcome.sent("ok"), Retry.FOREVER);
        awaitDone();

        // The worker's idle wait (1 s) may also end on its own meanwhile, reading every lane: so the reads since the
        // ring are looked at, and among them is one of the rung lane alone.
        int before = readsSoFar();
        store.add(3, 2);
        worker.wake(2); // intake committed in lane 2
        awaitDone();
        assertThat(readsSince(before)).contains(Set.of(2));

        before = readsSoFar();
        store.add(4, 6); // pending again without a commit's ring for its lane (another engine, an operator)
        worker.wake();
        awaitDone();
        assertThat(readsSince(before).getFirst()).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(sent).containsExactly(1L, 2L, 3L, 4L);
    }

    private int readsSoFar() {
        synchronized (store) {
            return store.lanesRead.size();
        }
    }

    private List<Set<Integer>> readsSince(int index) {
        synchronized (store) {
            return List.copyOf(store.lanesRead.subList(index, store.lanesRead.size()));
        }
    }

    @Test
    void a_retry_blocks_only_its_own_lane() throws Exception {
        store.add(1, 0); // fails: blocks lane 0
        store.add(2, 1);
        store.add(3, 0); // must wait behind 1
        store.add(4, 1);
        run(id -> id == 1 ? Outcome.retry("receiver down") : Outcome.sent("ok"), Retry.FOREVER);

        waitUntil(() -> sent.contains(4L));
        Thread.sleep(200);
        assertThat(sent).containsExactly(1L, 2L, 4L);
        DeliveryOutcome retry = store.allOutcomes().get(0);
        assertThat(retry.kind()).isEqualTo(DeliveryOutcome.Kind.RETRY);
        assertThat(retry.error()).isEqualTo("receiver down");
        assertThat(retry.nextAttemptAt()).isGreaterThan(0L);
    }

    @Test
    void records_outcomes_before_reading_again() throws Exception {
        for (long id = 1; id <= 3; id++) store.add(id, 0);
        run(id -> Outcome.sent("ok"), Retry.FOREVER);

        awaitDone();
        synchronized (store) {
            // read, deliver all three, record, read again: never two reads without a record between
            // when something was delivered
            assertThat(store.events.subList(0, 2)).containsExactly("read", "record 3");
        }
    }

    @Test
    void records_in_batches_of_at_most_50() throws Exception {
        for (long id = 1; id <= 120; id++) store.add(id, (int) (id % 8));
        run(id -> Outcome.sent("ok"), Retry.FOREVER);

        awaitDone();
        assertThat(store.flushes).allSatisfy(f -> assertThat(f.size()).isLessThanOrEqualTo(SlotWorker.FLUSH_EVERY));
        assertThat(store.allOutcomes()).hasSize(120);
    }

    @Test
    void quarantines_when_max_attempts_is_reached_and_moves_the_lane_on() throws Exception {
        store.add(1, 0);
        store.add(2, 0);
        run(id -> id == 1 ? Outcome.retry("busy") : Outcome.sent("ok"), Retry.atMost(1));

        awaitDone();
        assertThat(store.allOutcomes().get(0).kind()).isEqualTo(DeliveryOutcome.Kind.QUARANTINED);
        assertThat(store.allOutcomes().get(0).error()).startsWith("busy");
        assertThat(sent).containsExactly(1L, 2L);
    }

    @Test
    void a_destination_that_throws_is_a_retry_not_a_dead_worker() throws Exception {
        store.add(1, 0);
        store.add(2, 1);
        run(id -> {
            if (id == 1) throw new IllegalStateException("plugin bug");
            return Outcome.sent("ok");
        }, Retry.FOREVER);

        // Sent before recorded: wait for the record too, not only for the send.
        waitUntil(() -> sent.contains(2L) && !store.allOutcomes().isEmpty());
        assertThat(store.allOutcomes().get(0).kind()).isEqualTo(DeliveryOutcome.Kind.RETRY);
        assertThat(store.allOutcomes().get(0).error()).contains("plugin bug");
    }

    /** Engines on one database: what the fence answers, the same before reading the queue and before each write. */
    private static Ownership.DeliveryGate gate(AtomicBoolean owned) {
        return new Ownership.DeliveryGate() {
            @Override
            public boolean owns() {
                return owned.get();
            }

            @Override
            public boolean maySend() {
                return owned.get();
            }
        };
    }

    /**
     * A connector in the middle of its send (connecting, a handshake) when another engine takes the interface over:
     * the worker's check passed, the connector's own check right before its write refuses. Nothing is written, the
     * message is recorded neither sent nor failed (no attempt counted), and the interface's lanes stop; once the
     * interface is this engine's again, it is delivered as a first attempt, in order.
     */
    @Test
    void a_gate_closing_between_the_workers_check_and_the_connectors_write_sends_nothing_and_records_nothing() throws Exception {
        for (long id = 1; id <= 3; id++) store.add(id, 0);
        store.add(4, 1);
        AtomicBoolean owned = new AtomicBoolean(true);
        List<Long> written = new CopyOnWriteArrayList<>();
        runWith(message -> {
            sent.add(message.messageId());
            if (message.messageId() == 2 && sent.size() == 2) owned.set(false); // taken over while this one connected
            message.fence();
            written.add(message.messageId());
            return Outcome.sent("ok");
        }, gate(owned));

        waitUntil(() -> sent.contains(2L));
        worker.quiet().get(10, TimeUnit.SECONDS); // not its interface now: its queue is not read
        assertThat(written).containsExactly(1L);
        assertThat(sent).containsExactly(1L, 2L);
        assertThat(store.allOutcomes()).singleElement().satisfies(o -> {
            assertThat(o.messageId()).isEqualTo(1L);
            assertThat(o.kind()).isEqualTo(DeliveryOutcome.Kind.SENT);
        });

        owned.set(true); // the interface comes back to this engine
        worker.wake();
        awaitDone();
        assertThat(written).containsExactly(1L, 2L, 3L, 4L);
        assertThat(store.allOutcomes()).extracting(DeliveryOutcome::messageId).containsExactly(1L, 2L, 3L, 4L);
        assertThat(store.allOutcomes()).allMatch(o -> o.kind() == DeliveryOutcome.Kind.SENT && o.attempts() == 1);
    }

    /** A connector that swallows the refusal and answers retry, or even sent: the engine knows better, records nothing. */
    @Test
    void a_refusal_the_connector_turned_into_an_outcome_is_not_recorded() throws Exception {
        store.add(1, 0);
        store.add(2, 1);
        AtomicBoolean owned = new AtomicBoolean(true);
        Set<Long> takenOverOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();
        List<Long> written = new CopyOnWriteArrayList<>();
        runWith(message -> {
            sent.add(message.messageId());
            if (takenOverOnce.add(message.messageId())) owned.set(false);
            try {
                message.fence();
            } catch (NoLongerOwnedException refused) {
                return message.messageId() == 1 ? Outcome.retry("interrupted: " + refused.getMessage()) : Outcome.sent("?");
            }
            written.add(message.messageId());
            return Outcome.sent("ok");
        }, gate(owned));

        waitUntil(() -> sent.contains(1L));
        worker.quiet().get(10, TimeUnit.SECONDS);
        assertThat(store.allOutcomes()).isEmpty(); // not a retry: no attempt counted, no back-off
        assertThat(sent).containsExactly(1L);

        owned.set(true);
        worker.wake();
        waitUntil(() -> sent.contains(2L));
        worker.quiet().get(10, TimeUnit.SECONDS);
        assertThat(written).containsExactly(1L);
        assertThat(store.allOutcomes()).singleElement().satisfies(o -> {
            assertThat(o.messageId()).isEqualTo(1L);
            assertThat(o.kind()).isEqualTo(DeliveryOutcome.Kind.SENT);
            assertThat(o.attempts()).isEqualTo(1);
        });
        assertThat(store.allDone()).isFalse(); // message 2 waits for the interface's owner
    }

    /** The worker's own check, before the connector is called at all: the cheap early refusal. */
    @Test
    void a_gate_closed_before_the_send_calls_no_connector() throws Exception {
        store.add(1, 0);
        AtomicBoolean owned = new AtomicBoolean(true);
        Ownership.DeliveryGate closesAtTheSend = new Ownership.DeliveryGate() {
            @Override
            public boolean owns() {
                return owned.get();
            }

            @Override
            public boolean maySend() {
                owned.set(false); // the lease ran out and the database said another engine has it
                return false;
            }
        };
        runWith(message -> {
            sent.add(message.messageId());
            return Outcome.sent("ok");
        }, closesAtTheSend);

        waitUntil(() -> !owned.get());
        worker.quiet().get(10, TimeUnit.SECONDS);
        assertThat(sent).isEmpty();
        assertThat(store.allOutcomes()).isEmpty();
    }

    private interface Sends {
        Outcome send(OutboundMessage message);
    }

    private void runWith(Sends sends, Ownership.DeliveryGate gate) {
        Destination destination = new Destination() {
            @Override
            public void start() {
            }

            @Override
            public Outcome send(OutboundMessage message) {
                return sends.send(message);
            }

            @Override
            public CompletionStage<Void> stop() {
                return CompletableFuture.completedFuture(null);
            }
        };
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
        worker = new SlotWorker(ref, Set.of(0, 1), new ConnectorHandover(destination, store), store, clock, Retry.FOREVER, false,
                () -> false, java.util.Optional.empty(), new EngineMetrics().destination(ref.interfaceName(), ref.destination()),
                new EventHub(), 1, gate);
        thread = Thread.ofVirtual().start(worker);
    }

    private void run(LongFunction<Outcome> answer, Retry retry) {
        Destination destination = new Destination() {
            @Override
            public void start() {
            }

            @Override
            public Outcome send(OutboundMessage message) {
                synchronized (sent) {
                    sent.add(message.messageId());
                }
                return answer.apply(message.messageId());
            }

            @Override
            public CompletionStage<Void> stop() {
                return CompletableFuture.completedFuture(null);
            }
        };
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
        worker = new SlotWorker(ref, Set.of(0, 1, 2, 3, 4, 5, 6, 7), new ConnectorHandover(destination, store), store, clock, retry, false, () -> false,
                java.util.Optional.empty(), new EngineMetrics().destination(ref.interfaceName(), ref.destination()), new EventHub(), 1);
        thread = Thread.ofVirtual().start(worker);
    }

    private void awaitDone() throws InterruptedException {
        waitUntil(store::allDone);
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 10 s");
            Thread.sleep(10);
        }
    }
}
