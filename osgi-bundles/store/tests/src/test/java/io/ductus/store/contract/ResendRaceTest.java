package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static io.ductus.store.contract.Messages.batch;
import static io.ductus.store.contract.Messages.dest;
import static io.ductus.store.contract.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Changed;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessageStatus;
import io.ductus.store.ResendRequest;
import io.ductus.store.jdbc.JdbcStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An operator resends while the worker records outcomes for the same message, at the same moment, in two
 * transactions. Whichever commits first, nothing is lost: the message's status always matches its
 * deliveries, and a delivery the resend reports as changed is pending afterwards.
 */
@ParameterizedClass
@EnumSource(Database.class)
class ResendRaceTest {

    private static final OpenStores STORES = new OpenStores("resendrace");
    private static final String IFACE = "race";
    private static final int ROUNDS = 100;

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    /**
     * Delivery a is quarantined and b pending. The resend puts a back (and b too, when the worker quarantined
     * b first) while the worker finishes b and, as a worker whose earlier flush seemed to fail, records a's
     * old outcome again, which must change nothing.
     */
    @Test
    void a_resend_while_the_worker_finishes_the_other_delivery_leaves_the_message_pending() throws Exception {
        JdbcStore store = STORES.get(db);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                long id = store.store(batch(IFACE, message("m" + round, round % 4, null, "a", "b")), T0).get(0).id();
                DeliveryOutcome aQuarantined = DeliveryOutcome.quarantined(id, dest(IFACE, "a"), 1, "AR");
                store.record(List.of(aQuarantined), T0);
                DeliveryOutcome bDone = round % 2 == 0 ? DeliveryOutcome.sent(id, dest(IFACE, "b"), 1, null, null)
                        : DeliveryOutcome.quarantined(id, dest(IFACE, "b"), 1, "HTTP 400");
                CyclicBarrier together = new CyclicBarrier(2);
                Future<Changed> resend = pool.submit(at(together,
                        () -> store.resend(ResendRequest.quarantined(List.of(id)), T0 + 1)));
                Future<?> worker = pool.submit(at(together, () -> store.record(List.of(bDone, aQuarantined), T0 + 1)));
                worker.get();
                Changed changed = resend.get();
                MessageDetail after = store.message(id).orElseThrow();
                boolean bResent = changed.deliveries().stream().anyMatch(d -> d.destination().destination().equals("b"));
                assertThat(status(after, "a")).as("round %d", round).isEqualTo(DeliveryStatus.PENDING);
                assertThat(changed.deliveries()).as("round %d", round)
                        .anySatisfy(d -> assertThat(d.destination().destination()).isEqualTo("a"));
                assertThat(status(after, "b")).as("round %d: b resent only once quarantined", round)
                        .isEqualTo(bResent ? DeliveryStatus.PENDING : bDone.kind().status());
                assertThat(after.summary().status()).as("round %d", round).isEqualTo(MessageStatus.PENDING);
                // The worker delivers what is pending again: now the message settles as its deliveries say.
                List<DeliveryOutcome> again = new ArrayList<>(List.of(DeliveryOutcome.sent(id, dest(IFACE, "a"), 2, null, null)));
                if (bResent) again.add(DeliveryOutcome.sent(id, dest(IFACE, "b"), 2, null, null));
                store.record(again, T0 + 2);
                MessageDetail settled = store.message(id).orElseThrow();
                assertThat(settled.summary().status()).as("round %d", round).isEqualTo(
                        MessageStatus.derive(settled.deliveries().stream().map(DeliveryRecord::status).toList()))
                        .isNotEqualTo(MessageStatus.PENDING);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Delivery a is pending and the worker finishes it while the operator resends it by name: the resend
     * either finds it pending (and does nothing) or finds it finished (and puts it back). Either way the
     * message's status matches its deliveries and nothing the worker recorded is lost.
     */
    @Test
    void a_resend_racing_the_outcome_of_the_same_delivery_is_applied_before_or_after_it_never_half() throws Exception {
        JdbcStore store = STORES.get(db);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int resentAfter = 0;
        try {
            for (int round = 0; round < ROUNDS; round++) {
                long id = store.store(batch(IFACE, message("n" + round, round % 4, null, "a")), T0).get(0).id();
                CyclicBarrier together = new CyclicBarrier(2);
                Future<Changed> resend = pool.submit(at(together,
                        () -> store.resend(new ResendRequest(List.of(id), Set.of("a")), T0 + 1)));
                Future<?> worker = pool.submit(at(together,
                        () -> store.record(List.of(DeliveryOutcome.sent(id, dest(IFACE, "a"), 1, "out".getBytes(), "UTF-8")), T0 + 1)));
                worker.get();
                Changed changed = resend.get();
                MessageDetail after = store.message(id).orElseThrow();
                DeliveryRecord a = after.deliveries().get(0);
                assertThat(a.attempts()).as("round %d: the worker's outcome is kept", round).isEqualTo(1);
                if (changed.isEmpty()) {
                    assertThat(a.status()).as("round %d", round).isEqualTo(DeliveryStatus.SENT);
                    assertThat(after.summary().status()).as("round %d", round).isEqualTo(MessageStatus.SENT);
                } else {
                    resentAfter++;
                    assertThat(a.status()).as("round %d", round).isEqualTo(DeliveryStatus.PENDING);
                    assertThat(after.summary().status()).as("round %d", round).isEqualTo(MessageStatus.PENDING);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("%s: the resend came after the outcome in %d of %d rounds%n", db, resentAfter, ROUNDS);
    }

    private static <T> Callable<T> at(CyclicBarrier together, Callable<T> work) {
        return () -> {
            together.await();
            return work.call();
        };
    }

    private static DeliveryStatus status(MessageDetail detail, String destination) {
        return detail.deliveries().stream().filter(d -> d.destination().equals(destination)).findFirst().orElseThrow()
                .status();
    }
}
