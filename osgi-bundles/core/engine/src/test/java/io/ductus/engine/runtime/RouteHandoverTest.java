package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.store.Durability;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.NewMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A route's worker: the target's rules make the message, the store keeps it with the outcome, then the target wakes. */
class RouteHandoverTest {

    private final DestinationRef ref = new DestinationRef("adt", "to-lab");
    private final FakeQueueStore store = new FakeQueueStore(ref);
    private final RunningLanes lanes = new RunningLanes();
    private final List<Integer> woken = new CopyOnWriteArrayList<>();
    private Thread thread;
    private SlotWorker worker;

    @AfterEach
    void stop() throws InterruptedException {
        if (worker != null) worker.stop();
        if (thread != null) thread.join(5000);
    }

    @Test
    void routes_each_message_with_the_target_keys_and_wakes_the_target_lane_after_the_commit() throws Exception {
        for (long id = 1; id <= 3; id++) store.add(id, 0);
        run();

        waitUntil(store::allDone);
        waitUntil(() -> woken.size() == 3);
        assertThat(store.routed).extracting(NewMessage::dedupeKey).containsExactly("M1", "M2", "M3");
        assertThat(store.routed).extracting(NewMessage::destinations).containsOnly(List.of("out"));
        assertThat(store.routed).extracting(NewMessage::sourceInfo).containsExactly(
                "destination=to-lab interface=adt message=1", "destination=to-lab interface=adt message=2",
                "destination=to-lab interface=adt message=3");
        assertThat(woken).containsOnly(0);
        assertThat(store.allOutcomes()).extracting(DeliveryOutcome::kind).containsOnly(DeliveryOutcome.Kind.SENT);
    }

    @Test
    void a_flush_the_store_refused_is_repeated_with_the_same_messages_and_routes_each_once() throws Exception {
        for (long id = 1; id <= 3; id++) store.add(id, 0);
        store.failRoutes = 1;
        run();

        waitUntil(store::allDone);
        assertThat(store.events).containsSubsequence("route 3", "route 3");
        assertThat(store.routed).extracting(NewMessage::dedupeKey).containsExactly("M1", "M2", "M3");
    }

    private void run() {
        InterfaceDefinition lab = new InterfaceDefinition("lab", SourceDefinition.INTERNAL, Format.HL7, Optional.empty(),
                Durability.STRICT, new Ordering(Optional.empty(), 1), Optional.of("MSH-10"), Map.of("out",
                new DestinationDefinition("out", "file", Map.of("path", "x"), io.ductus.core.project.DestinationTransform.DEFAULT, Format.HL7, Retry.FOREVER, false)));
        lanes.started("lab", woken::add);
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
        RouteHandover.Target target = new RouteHandover.Target("lab", () -> new IntakeRows(lab), new EngineMetrics().intake("lab"),
                lanes, new EventHub());
        worker = new SlotWorker(ref, Set.of(0), new RouteHandover(ref, target, store, clock), store, clock, Retry.FOREVER, false,
                () -> false, Optional.empty(), new EngineMetrics().destination("adt", "to-lab"), new EventHub(), 1);
        thread = Thread.ofVirtual().start(worker);
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 10 s");
            Thread.sleep(10);
        }
    }
}
