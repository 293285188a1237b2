package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static io.ductus.store.contract.Messages.batch;
import static io.ductus.store.contract.Messages.dest;
import static io.ductus.store.contract.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.PendingDelivery;
import io.ductus.store.Recorded;
import io.ductus.store.SourceProgress;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import java.nio.charset.Charset;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What every store does, on both databases. Each test uses an interface name of its own. */
@ParameterizedClass
@EnumSource(Database.class)
class StoreContractTest {

    private static final OpenStores STORES = new OpenStores("contract");

    @Parameter
    Database db;

    private JdbcStore store;
    private String iface;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        iface = info.getTestMethod().orElseThrow().getName();
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void stores_a_batch_and_returns_increasing_ids_in_batch_order() {
        List<Stored> first = store.store(batch(iface, message("a", 0, null, "x"), message("b", 1, null, "x"),
                message("c", 2, null, "x")), T0);
        List<Stored> second = store.store(batch(iface, message("d", 0, null, "x")), T0);
        assertThat(first).extracting(Stored::duplicate).containsOnly(false);
        assertThat(first.get(0).id()).isLessThan(first.get(1).id());
        assertThat(first.get(1).id()).isLessThan(first.get(2).id());
        assertThat(second.get(0).id()).isGreaterThan(first.get(2).id());
        assertThat(new String(store.message(first.get(1).id()).orElseThrow().payload())).isEqualTo("b");
    }

    @Test
    void a_batch_of_500_spanning_several_insert_statements_gets_its_ids_in_batch_order() {
        List<NewMessage> messages = new java.util.ArrayList<>();
        for (int i = 0; i < 500; i++) messages.add(message("m" + i, i % 4, i % 7 == 0 ? "K" + (i / 14) : null, "x"));
        List<Stored> stored = store.store(new IntakeBatch(iface, Durability.RELAXED, messages, new SourceProgress("file", "500")), T0);
        assertThat(stored).hasSize(500);
        for (int i = 1; i < 500; i++) assertThat(stored.get(i).id()).isGreaterThan(stored.get(i - 1).id());
        for (int i : new int[]{0, 49, 50, 51, 250, 499}) {
            assertThat(new String(store.message(stored.get(i).id()).orElseThrow().payload())).isEqualTo("m" + i);
        }
        assertThat(stored.get(7).duplicateOf()).as("m7 has the key m0 claimed first").isEqualTo(stored.get(0).id());
        assertThat(store.sourceState(iface, "file")).contains("500");
    }

    @Test
    void keeps_payload_bytes_and_charset_unchanged() {
        byte[] latin1 = "MSH|^~\\&|µ|é".getBytes(Charset.forName("ISO-8859-1"));
        NewMessage m = new NewMessage(T0, latin1, "ISO-8859-1", null, 0, null, List.of("x"), "{\"peer\":\"10.0.0.1\"}");
        long id = store.store(IntakeBatch.of(iface, Durability.STRICT, List.of(m)), T0).get(0).id();
        MessageDetail detail = store.message(id).orElseThrow();
        assertThat(detail.payload()).isEqualTo(latin1);
        assertThat(detail.summary().charset()).isEqualTo("ISO-8859-1");
        assertThat(detail.summary().size()).isEqualTo(latin1.length);
        assertThat(detail.sourceInfo()).isEqualTo("{\"peer\":\"10.0.0.1\"}");
    }

    @Test
    void writes_one_pending_delivery_per_destination() {
        long id = store.store(batch(iface, message("a", 3, null, "lab", "archive")), T0).get(0).id();
        MessageDetail detail = store.message(id).orElseThrow();
        assertThat(detail.summary().status()).isEqualTo(MessageStatus.PENDING);
        assertThat(detail.deliveries()).extracting(DeliveryRecord::destination).containsExactly("archive", "lab");
        assertThat(detail.deliveries()).extracting(DeliveryRecord::status).containsOnly(DeliveryStatus.PENDING);
        assertThat(detail.deliveries()).extracting(DeliveryRecord::lane).containsOnly(3);
    }

    @ParameterizedTest(name = "{0} more messages in the batch")
    @ValueSource(ints = {0, 100}) // a few deliveries are bound row by row, many made from the messages' rows
    void each_message_of_a_batch_gets_the_deliveries_of_its_own_destinations_and_lane(int more) {
        String name = iface + "-" + more; // each run its own interface: keys and queues start empty
        List<NewMessage> messages = new java.util.ArrayList<>(List.of(message("a", 1, null, "lab"),
                message("b", 2, null, "lab", "archive"), message("c", 3, null), message("d", 4, "K", "archive"),
                message("e", 5, "K", "lab")));
        for (int i = 0; i < more; i++) messages.add(message("more" + i, 6, null, "lab", "archive"));
        List<Stored> stored = store.store(new IntakeBatch(name, Durability.RELAXED, messages, null), T0);
        assertThat(store.message(stored.get(0).id()).orElseThrow().deliveries())
                .extracting(DeliveryRecord::destination, DeliveryRecord::lane).containsExactly(tuple("lab", 1));
        assertThat(store.message(stored.get(1).id()).orElseThrow().deliveries())
                .extracting(DeliveryRecord::destination, DeliveryRecord::lane).containsExactly(tuple("archive", 2), tuple("lab", 2));
        assertThat(store.message(stored.get(2).id()).orElseThrow().deliveries()).isEmpty();
        assertThat(store.message(stored.get(3).id()).orElseThrow().deliveries())
                .extracting(DeliveryRecord::destination, DeliveryRecord::lane).containsExactly(tuple("archive", 4));
        assertThat(store.message(stored.get(4).id()).orElseThrow().deliveries()).isEmpty(); // a duplicate of d
        assertThat(store.pending(dest(name, "lab"), Set.of(1, 2, 5), 10)).extracting(PendingDelivery::messageId)
                .containsExactly(stored.get(0).id(), stored.get(1).id());
        assertThat(store.pending(dest(name, "archive"), Set.of(6), 500)).hasSize(more);
    }

    @Test
    void stores_duplicates_for_audit_without_deliveries() {
        List<Stored> first = store.store(batch(iface, message("a", 0, "MSG1", "x"), message("b", 0, "MSG1", "x"),
                message("c", 0, "MSG2", "x")), T0);
        List<Stored> later = store.store(batch(iface, message("d", 0, "MSG2", "x")), T0);
        assertThat(first.get(0).duplicate()).isFalse();
        assertThat(first.get(1).duplicateOf()).isEqualTo(first.get(0).id());
        assertThat(first.get(2).duplicate()).isFalse();
        assertThat(later.get(0).duplicateOf()).isEqualTo(first.get(2).id());
        MessageDetail dup = store.message(later.get(0).id()).orElseThrow();
        assertThat(dup.summary().status()).isEqualTo(MessageStatus.DUPLICATE);
        assertThat(dup.summary().duplicateOf()).isEqualTo(first.get(2).id());
        assertThat(dup.deliveries()).isEmpty();
        assertThat(store.pending(dest(iface, "x"), Set.of(0), 10)).extracting(PendingDelivery::messageId)
                .containsExactly(first.get(0).id(), first.get(2).id());
    }

    @Test
    void dedupe_keys_are_per_interface() {
        Stored a = store.store(batch(iface, message("a", 0, "K", "x")), T0).get(0);
        Stored b = store.store(batch(iface + "-other", message("b", 0, "K", "x")), T0).get(0);
        assertThat(a.duplicate()).isFalse();
        assertThat(b.duplicate()).isFalse();
    }

    @Test
    void saves_source_progress_with_the_batch() {
        store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message("a", 0, null, "x")),
                new SourceProgress("in/a.csv", "offset=10")), T0);
        store.store(new IntakeBatch(iface, Durability.STRICT, List.of(message("b", 0, null, "x")),
                new SourceProgress("in/a.csv", "offset=20")), T0 + 1);
        assertThat(store.sourceState(iface, "in/a.csv")).contains("offset=20");
        assertThat(store.sourceState(iface, "in/b.csv")).isEmpty();
    }

    @Test
    void relaxed_batches_are_stored_too() {
        long id = store.store(IntakeBatch.of(iface, Durability.RELAXED, List.of(message("a", 0, null, "x"))), T0)
                .get(0).id();
        assertThat(store.message(id)).isPresent();
    }

    @Test
    void reads_each_lane_in_message_id_order_up_to_the_limit_per_lane() {
        List<Stored> ids = store.store(batch(iface, IntStream.range(0, 12)
                .mapToObj(i -> message("m" + i, i % 3, null, "x")).toArray(NewMessage[]::new)), T0);
        List<PendingDelivery> pending = store.pending(dest(iface, "x"), Set.of(0, 2), 2);
        // lane 0 holds messages 0,3,6,9; lane 2 holds 2,5,8,11: two of each, merged by id
        assertThat(pending).extracting(PendingDelivery::messageId).containsExactly(
                ids.get(0).id(), ids.get(2).id(), ids.get(3).id(), ids.get(5).id());
        assertThat(new String(pending.get(1).payload())).isEqualTo("m2");
        assertThat(pending.get(1).orderingKey()).isEqualTo("key-2");
    }

    @Test
    void recording_outcomes_twice_changes_nothing_the_second_time() {
        DestinationRef x = dest(iface, "x");
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        List<DeliveryOutcome> flush = List.of(DeliveryOutcome.retry(id, x, 1, T0 + 1000, "connection refused"));
        assertThat(store.record(flush, T0 + 1).changed()).isEqualTo(1);
        assertThat(store.record(flush, T0 + 2).changed()).isZero();
        List<DeliveryOutcome> sent = List.of(DeliveryOutcome.sent(id, x, 2, "out".getBytes(), "UTF-8"));
        assertThat(store.record(sent, T0 + 3).settled()).containsExactly(new Recorded.Settled(id, MessageStatus.SENT));
        Recorded again = store.record(sent, T0 + 4);
        assertThat(again.changed()).isZero();
        assertThat(again.settled()).isEmpty();
        DeliveryRecord d = store.message(id).orElseThrow().deliveries().get(0);
        assertThat(d.attempts()).isEqualTo(2);
        assertThat(d.updatedAt()).isEqualTo(T0 + 3);
        assertThat(new String(d.output())).isEqualTo("out");
    }

    @Test
    void a_retry_keeps_the_delivery_pending_with_its_attempts_and_due_time() {
        DestinationRef x = dest(iface, "x");
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.retry(id, x, 1, T0 + 1000, "HTTP 503")), T0);
        store.record(List.of(DeliveryOutcome.retry(id, x, 2, T0 + 3000, "HTTP 503")), T0 + 1000);
        PendingDelivery p = store.pending(x, Set.of(0), 10).get(0);
        assertThat(p.attempts()).isEqualTo(2);
        assertThat(p.nextAttemptAt()).isEqualTo(T0 + 3000);
        assertThat(store.message(id).orElseThrow().deliveries().get(0).lastError()).isEqualTo("HTTP 503");
        assertThat(store.message(id).orElseThrow().summary().status()).isEqualTo(MessageStatus.PENDING);
    }

    @Test
    void message_status_is_derived_once_no_delivery_is_pending() {
        long q = store.store(batch(iface, message("q", 0, null, "a", "b", "c")), T0).get(0).id();
        long s = store.store(batch(iface, message("s", 0, null, "a", "b")), T0).get(0).id();
        long f = store.store(batch(iface, message("f", 0, null, "a")), T0).get(0).id();
        Recorded partial = store.record(List.of(DeliveryOutcome.sent(q, dest(iface, "a"), 1, null, null),
                DeliveryOutcome.quarantined(q, dest(iface, "b"), 1, "AR")), T0);
        assertThat(partial.settled()).isEmpty();
        Recorded rest = store.record(List.of(DeliveryOutcome.filtered(q, dest(iface, "c"), 1, "not for c"),
                DeliveryOutcome.sent(s, dest(iface, "a"), 1, null, null),
                DeliveryOutcome.filtered(s, dest(iface, "b"), 1, "null"),
                DeliveryOutcome.filtered(f, dest(iface, "a"), 1, "null")), T0);
        assertThat(rest.settled()).containsExactlyInAnyOrder(new Recorded.Settled(q, MessageStatus.QUARANTINED),
                new Recorded.Settled(s, MessageStatus.SENT), new Recorded.Settled(f, MessageStatus.FILTERED));
        assertThat(store.message(q).orElseThrow().summary().settledAt()).isEqualTo(T0);
    }

    @Test
    void a_message_without_destinations_is_settled_as_filtered() {
        long id = store.store(batch(iface, message("a", 0, null)), T0).get(0).id();
        assertThat(store.message(id).orElseThrow().summary().status()).isEqualTo(MessageStatus.FILTERED);
    }

    @Test
    void browses_newest_first_paged_by_id_with_filters() {
        List<Stored> ids = store.store(batch(iface, IntStream.range(0, 7)
                .mapToObj(i -> new NewMessage(T0 + i, ("m" + i).getBytes(), "UTF-8", null, 0, null, List.of("x"), null))
                .toArray(NewMessage[]::new)), T0);
        store.record(List.of(DeliveryOutcome.sent(ids.get(1).id(), dest(iface, "x"), 1, null, null)), T0);
        MessagePage first = store.browse(MessageQuery.newest(iface, 3));
        assertThat(first.messages()).extracting(m -> m.id()).containsExactly(ids.get(6).id(), ids.get(5).id(), ids.get(4).id());
        MessagePage second = store.browse(MessageQuery.newest(iface, 3).withBeforeId(first.nextBeforeId()));
        assertThat(second.messages()).extracting(m -> m.id()).containsExactly(ids.get(3).id(), ids.get(2).id(), ids.get(1).id());
        MessagePage last = store.browse(MessageQuery.newest(iface, 3).withBeforeId(second.nextBeforeId()));
        assertThat(last.messages()).extracting(m -> m.id()).containsExactly(ids.get(0).id());
        assertThat(last.nextBeforeId()).isNull();
        assertThat(store.browse(new MessageQuery(iface, MessageStatus.SENT, null, null, null, 10)).messages())
                .extracting(m -> m.id()).containsExactly(ids.get(1).id());
        assertThat(store.browse(new MessageQuery(iface, null, T0 + 2, T0 + 4, null, 10)).messages())
                .extracting(m -> m.id()).containsExactly(ids.get(3).id(), ids.get(2).id());
    }

    @Test
    void counts_pending_and_quarantined_per_destination() {
        List<Stored> ids = store.store(batch(iface, message("a", 0, null, "x", "y"), message("b", 1, null, "x", "y"),
                message("c", 2, null, "x")), T0);
        store.record(List.of(DeliveryOutcome.quarantined(ids.get(0).id(), dest(iface, "y"), 1, "AR"),
                DeliveryOutcome.sent(ids.get(1).id(), dest(iface, "y"), 1, null, null)), T0);
        List<DestinationCounts> mine = store.destinationCounts().stream()
                .filter(c -> c.destination().interfaceName().equals(iface)).toList();
        assertThat(mine).containsExactly(new DestinationCounts(dest(iface, "x"), 3, 0),
                new DestinationCounts(dest(iface, "y"), 0, 1));
    }

    @Test
    void answers_a_ping_while_the_database_is_there() {
        store.ping();
    }

    @Test
    void reconciling_settles_messages_left_pending_without_pending_deliveries() throws Exception {
        long id = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        try (Connection c = db.connect(STORES.location(db)); Statement s = c.createStatement()) {
            // A state no transaction of this release leaves behind; an older release or a hand edit might.
            s.executeUpdate("UPDATE deliveries SET status = 'sent' WHERE message_id = " + id);
            s.executeUpdate("UPDATE deliveries SET lease_until = 5 WHERE status = 'pending'");
        }
        assertThat(store.reconcile(T0).messagesSettled()).isGreaterThanOrEqualTo(1);
        assertThat(store.message(id).orElseThrow().summary().status()).isEqualTo(MessageStatus.SENT);
        assertThat(store.reconcile(T0).messagesSettled()).isZero();
    }

    @Test
    void an_unknown_message_is_empty() {
        assertThat(store.message(Long.MAX_VALUE)).isEmpty();
    }
}
