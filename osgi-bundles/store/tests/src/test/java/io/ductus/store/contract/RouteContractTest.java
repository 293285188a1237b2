package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static io.ductus.store.contract.Messages.batch;
import static io.ductus.store.contract.Messages.dest;
import static io.ductus.store.contract.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.DestinationRef;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.PendingDelivery;
import io.ductus.store.RouteBatch;
import io.ductus.store.Routed;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.JdbcStore;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Routes between interfaces (ARCHITECTURE.md §3): a route's outcome and the message it stores in the
 * target interface commit together, and only for deliveries that were still pending, on both databases.
 * Each test routes from an interface of its own ({@code <test>}) to {@code <test>-target}.
 */
@ParameterizedClass
@EnumSource(Database.class)
class RouteContractTest {

    private static final OpenStores STORES = new OpenStores("routes");

    @Parameter
    Database db;

    private JdbcStore store;
    private String from;
    private String target;
    private DestinationRef route;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        from = info.getTestMethod().orElseThrow().getName();
        target = from + "-target";
        route = dest(from, "to-target");
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void stores_routed_message_in_the_same_transaction_as_the_outcome() {
        long origin = store.store(batch(from, message("a", 2, null, "to-target", "archive")), T0).get(0).id();

        Routed routed = store.route(new RouteBatch(target, List.of(sent(origin)), Map.of(origin, routedMessage(origin, "A!", 5, null))), T0 + 10);

        assertThat(routed.recorded().changed()).isEqualTo(1);
        assertThat(routed.stored()).singleElement().satisfies(r -> {
            assertThat(r.originId()).isEqualTo(origin);
            assertThat(r.stored().duplicate()).isFalse();
        });
        long copy = routed.stored().get(0).stored().id();
        MessageDetail stored = store.message(copy).orElseThrow();
        assertThat(stored.summary().interfaceName()).isEqualTo(target);
        assertThat(stored.summary().status()).isEqualTo(MessageStatus.PENDING);
        assertThat(stored.summary().lane()).isEqualTo(5);
        assertThat(stored.summary().orderingKey()).isEqualTo("P5");
        assertThat(new String(stored.payload(), StandardCharsets.UTF_8)).isEqualTo("A!");
        assertThat(stored.sourceInfo()).isEqualTo("destination=to-target interface=" + from + " message=" + origin);
        assertThat(stored.deliveries()).extracting(DeliveryRecord::destination).containsExactly("out");
        assertThat(store.pending(dest(target, "out"), Set.of(5), 10)).extracting(PendingDelivery::messageId).containsExactly(copy);

        MessageDetail original = store.message(origin).orElseThrow();
        assertThat(original.deliveries()).filteredOn(d -> d.destination().equals("to-target"))
                .extracting(DeliveryRecord::status).containsExactly(DeliveryStatus.SENT);
        assertThat(original.summary().status()).as("archive is still pending").isEqualTo(MessageStatus.PENDING);
    }

    @Test
    void a_repeated_flush_routes_nothing_twice() {
        long first = store.store(batch(from, message("a", 0, null, "to-target")), T0).get(0).id();
        long second = store.store(batch(from, message("b", 0, null, "to-target")), T0).get(0).id();
        RouteBatch flush = new RouteBatch(target, List.of(sent(first), sent(second)),
                Map.of(first, routedMessage(first, "a", 0, null), second, routedMessage(second, "b", 0, null)));

        Routed once = store.route(flush, T0 + 10);
        Routed again = store.route(flush, T0 + 20);

        assertThat(once.stored()).extracting(Routed.RoutedMessage::originId).containsExactly(first, second);
        assertThat(once.stored().get(0).stored().id()).isLessThan(once.stored().get(1).stored().id());
        assertThat(once.recorded().settled()).hasSize(2);
        assertThat(again.recorded().changed()).isZero();
        assertThat(again.stored()).isEmpty();
        assertThat(countMessages(target)).isEqualTo(2);
        assertThat(store.message(first).orElseThrow().summary().status()).isEqualTo(MessageStatus.SENT);
    }

    @Test
    void only_the_deliveries_still_pending_are_routed_when_part_of_a_flush_was_recorded_before() {
        long done = store.store(batch(from, message("a", 0, null, "to-target")), T0).get(0).id();
        long waiting = store.store(batch(from, message("b", 1, null, "to-target")), T0).get(0).id();
        store.route(new RouteBatch(target, List.of(sent(done)), Map.of(done, routedMessage(done, "a", 0, null))), T0 + 10);

        Routed routed = store.route(new RouteBatch(target, List.of(sent(done), sent(waiting)),
                Map.of(done, routedMessage(done, "a", 0, null), waiting, routedMessage(waiting, "b", 1, null))), T0 + 20);

        assertThat(routed.stored()).extracting(Routed.RoutedMessage::originId).containsExactly(waiting);
        assertThat(countMessages(target)).isEqualTo(2);
    }

    @Test
    void filtered_quarantined_and_retried_outcomes_store_nothing_in_the_target() {
        long filtered = store.store(batch(from, message("f", 0, null, "to-target")), T0).get(0).id();
        long quarantined = store.store(batch(from, message("q", 1, null, "to-target")), T0).get(0).id();
        long retried = store.store(batch(from, message("r", 2, null, "to-target")), T0).get(0).id();

        Routed routed = store.route(new RouteBatch(target, List.of(
                DeliveryOutcome.filtered(filtered, route, 1, "not for the target"),
                DeliveryOutcome.quarantined(quarantined, route, 1, "transform: bad"),
                DeliveryOutcome.retry(retried, route, 1, T0 + 1000, "transform: later")), Map.of()), T0 + 10);

        assertThat(routed.recorded().changed()).isEqualTo(3);
        assertThat(routed.stored()).isEmpty();
        assertThat(countMessages(target)).isZero();
        assertThat(store.message(filtered).orElseThrow().summary().status()).isEqualTo(MessageStatus.FILTERED);
        assertThat(store.message(quarantined).orElseThrow().summary().status()).isEqualTo(MessageStatus.QUARANTINED);
        assertThat(store.pending(route, Set.of(2), 10)).singleElement()
                .satisfies(p -> assertThat(p.nextAttemptAt()).isEqualTo(T0 + 1000));
    }

    @Test
    void the_target_dedupe_claims_apply_to_routed_messages() {
        long first = store.store(batch(from, message("a", 0, null, "to-target")), T0).get(0).id();
        long second = store.store(batch(from, message("b", 0, null, "to-target")), T0).get(0).id();

        Routed routed = store.route(new RouteBatch(target, List.of(sent(first), sent(second)),
                Map.of(first, routedMessage(first, "a", 0, "SAME"), second, routedMessage(second, "b", 0, "SAME"))), T0 + 10);

        assertThat(routed.stored()).extracting(r -> r.stored().duplicate()).containsExactly(false, true);
        assertThat(store.pending(dest(target, "out"), Set.of(0), 10)).hasSize(1);
    }

    @Test
    void a_route_whose_message_cannot_be_stored_leaves_the_delivery_pending() throws SQLException {
        long origin = store.store(batch(from, message("a", 0, null, "to-target")), T0).get(0).id();
        String refused = from.substring(0, 20) + "-refused";
        refuseMessagesOf(refused);

        assertThatThrownBy(() -> store.route(new RouteBatch(refused, List.of(sent(origin)),
                Map.of(origin, routedMessage(origin, "a", 0, null))), T0 + 10)).isInstanceOf(StoreException.class);

        assertThat(store.pending(route, Set.of(0), 10)).extracting(PendingDelivery::messageId).containsExactly(origin);
        assertThat(store.message(origin).orElseThrow().summary().status()).isEqualTo(MessageStatus.PENDING);
        assertThat(countMessages(refused)).isZero();
    }

    @Test
    void two_flushes_of_the_same_deliveries_at_once_route_each_message_once() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 30; round++) {
                long a = store.store(batch(from, message("a" + round, 0, null, "to-target")), T0).get(0).id();
                long b = store.store(batch(from, message("b" + round, 1, null, "to-target")), T0).get(0).id();
                RouteBatch flush = new RouteBatch(target, List.of(sent(a), sent(b)),
                        Map.of(a, routedMessage(a, "a" + round, 0, null), b, routedMessage(b, "b" + round, 1, null)));
                CyclicBarrier together = new CyclicBarrier(2);
                Future<Routed> one = pool.submit(() -> {
                    together.await();
                    return store.route(flush, T0 + 10);
                });
                Future<Routed> other = pool.submit(() -> {
                    together.await();
                    return store.route(flush, T0 + 10);
                });
                assertThat(one.get().stored().size() + other.get().stored().size()).as("round %d", round).isEqualTo(2);
            }
            assertThat(countMessages(target)).isEqualTo(60);
        } finally {
            pool.shutdownNow();
        }
    }

    private DeliveryOutcome sent(long messageId) {
        return DeliveryOutcome.sent(messageId, route, 1, null, null);
    }

    /** The message the route stores for an origin: in the target's lane, with its key and dedupe as intake computed them. */
    private NewMessage routedMessage(long origin, String text, int lane, String dedupeKey) {
        return new NewMessage(T0 + 10, text.getBytes(StandardCharsets.UTF_8), "UTF-8", "P" + lane, lane, dedupeKey,
                List.of("out"), "destination=to-target interface=" + from + " message=" + origin);
    }

    private long countMessages(String interfaceName) {
        try (Connection c = db.connect(STORES.location(db));
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM messages WHERE interface_name = '" + interfaceName + "'")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A trigger that makes every insert of a message of this interface fail, as a full disk or a broken constraint would. */
    private void refuseMessagesOf(String interfaceName) throws SQLException {
        try (Connection c = db.connect(STORES.location(db)); Statement s = c.createStatement()) {
            if (db == Database.SQLITE) {
                s.execute("CREATE TRIGGER refuse_" + interfaceName.replace('-', '_') + " BEFORE INSERT ON messages WHEN NEW.interface_name = '"
                        + interfaceName + "' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
            } else {
                s.execute("CREATE FUNCTION refuse_messages() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                        + " IF NEW.interface_name = '" + interfaceName + "' THEN RAISE EXCEPTION 'refused by the test'; END IF;"
                        + " RETURN NEW; END $$");
                s.execute("CREATE TRIGGER refuse_messages BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_messages()");
            }
        }
    }
}
