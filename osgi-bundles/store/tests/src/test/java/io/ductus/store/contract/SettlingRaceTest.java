package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static io.ductus.store.contract.Messages.batch;
import static io.ductus.store.contract.Messages.dest;
import static io.ductus.store.contract.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryOutcome.Kind;
import io.ductus.store.MessageStatus;
import io.ductus.store.jdbc.JdbcStore;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Two destinations finish the same message at the same moment, in two transactions. */
@ParameterizedClass
@EnumSource(Database.class)
class SettlingRaceTest {

    private static final OpenStores STORES = new OpenStores("settling");
    private static final Kind[][] ENDINGS = {
            {Kind.SENT, Kind.SENT}, {Kind.SENT, Kind.QUARANTINED}, {Kind.FILTERED, Kind.SENT},
            {Kind.FILTERED, Kind.FILTERED}, {Kind.QUARANTINED, Kind.FILTERED}};

    @Parameter
    Database db;

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void two_destinations_settling_one_message_at_once_never_leave_it_pending_or_wrong() throws Exception {
        JdbcStore store = STORES.get(db);
        String iface = "race";
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 100; round++) {
                long id = store.store(batch(iface, message("m" + round, round % 4, null, "a", "b")), T0).get(0).id();
                Kind[] ending = ENDINGS[round % ENDINGS.length];
                CyclicBarrier together = new CyclicBarrier(2);
                // every other round as a worker records them, with the message's time (PostgreSQL: by its leaf)
                boolean timed = round % 2 == 0;
                Future<?> a = pool.submit(() -> finish(store, together, outcome(id, "a", ending[0], timed)));
                Future<?> b = pool.submit(() -> finish(store, together, outcome(id, "b", ending[1], timed)));
                a.get();
                b.get();
                MessageStatus expected = MessageStatus.derive(List.of(ending[0].status(), ending[1].status()));
                assertThat(store.message(id).orElseThrow().summary().status())
                        .as("round %d: %s + %s", round, ending[0], ending[1]).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static Void finish(JdbcStore store, CyclicBarrier together, DeliveryOutcome outcome) throws Exception {
        together.await();
        store.record(List.of(outcome), T0 + 1);
        return null;
    }

    private static DeliveryOutcome outcome(long id, String destination, Kind kind, boolean timed) {
        DeliveryOutcome o = new DeliveryOutcome(id, dest("race", destination), kind, 1, null,
                kind == Kind.SENT ? null : "because", null, null, null);
        return timed ? o.withReceivedAt(T0) : o;
    }
}
