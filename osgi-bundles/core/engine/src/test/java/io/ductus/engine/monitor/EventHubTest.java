package io.ductus.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EventHubTest {

    private static final DestinationRef LAB = new DestinationRef("adt", "lab");

    @Test
    void publishes_nothing_while_nobody_follows() {
        EventHub hub = new EventHub();
        hub.delivery(DeliveryOutcome.sent(1, LAB, 1, null, null));
        assertThat(hub.followed()).isFalse();
        assertThat(hub.lastId()).isZero();
    }

    @Test
    void a_follower_gets_each_event_once_in_order_with_increasing_ids() throws Exception {
        EventHub hub = new EventHub();
        try (EventSubscription follower = hub.subscribe()) {
            hub.received("adt", 7, false);
            hub.delivery(DeliveryOutcome.quarantined(7, LAB, 3, "AR: unknown patient"));

            EngineEvent first = follower.next(1, TimeUnit.SECONDS);
            EngineEvent second = follower.next(1, TimeUnit.SECONDS);
            assertThat(first.type()).isEqualTo("received");
            assertThat(first.data()).containsEntry("messageId", 7L).containsEntry("duplicate", false);
            assertThat(second.type()).isEqualTo("delivery");
            assertThat(second.id()).isGreaterThan(first.id());
            assertThat(second.data()).containsEntry("interface", "adt").containsEntry("destination", "lab")
                    .containsEntry("outcome", "quarantined").containsEntry("attempts", 3)
                    .doesNotContainKey("error");
            assertThat(follower.next(10, TimeUnit.MILLISECONDS)).isNull();
        }
    }

    @Test
    void a_follower_that_falls_behind_gets_a_resync_then_what_comes_after() throws Exception {
        EventHub hub = new EventHub(3);
        try (EventSubscription slow = hub.subscribe()) {
            for (long id = 1; id <= 5; id++) hub.received("adt", id, false);

            EngineEvent resync = slow.next(1, TimeUnit.SECONDS);
            assertThat(resync.type()).isEqualTo("resync");
            assertThat(resync.id()).isEqualTo(hub.lastId());
            assertThat(slow.next(10, TimeUnit.MILLISECONDS)).as("what it missed is dropped").isNull();

            hub.received("adt", 6, false);
            assertThat(slow.next(1, TimeUnit.SECONDS).data()).containsEntry("messageId", 6L);
        }
    }

    @Test
    void a_slow_follower_does_not_hold_up_the_others() throws Exception {
        EventHub hub = new EventHub(3);
        try (EventSubscription slow = hub.subscribe(); EventSubscription quick = hub.subscribe()) {
            for (long id = 1; id <= 5; id++) {
                hub.received("adt", id, false);
                assertThat(quick.next(1, TimeUnit.SECONDS).data()).containsEntry("messageId", id);
            }
            assertThat(slow.next(1, TimeUnit.SECONDS).type()).isEqualTo("resync");
        }
    }

    @Test
    void closing_wakes_a_waiting_follower_and_unsubscribes_it() throws Exception {
        EventHub hub = new EventHub();
        EventSubscription follower = hub.subscribe();
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            follower.close();
        });
        long started = System.nanoTime();
        assertThat(follower.next(10, TimeUnit.SECONDS)).isNull();
        assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(hub.followed()).isFalse();
    }
}
