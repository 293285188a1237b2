package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static io.ductus.store.contract.Messages.batch;
import static io.ductus.store.contract.Messages.dest;
import static io.ductus.store.contract.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import io.ductus.store.NewMessage;
import io.ductus.store.QuarantinePage;
import io.ductus.store.QuarantineQuery;
import io.ductus.store.QuarantinedDelivery;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The message browser's reads on both databases: filters, the bounded text search, quarantine, detail. */
@ParameterizedClass
@EnumSource(Database.class)
class MessageBrowserTest {

    private static final OpenStores STORES = new OpenStores("browser");

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
    void a_text_search_returns_the_messages_whose_payload_contains_the_text_newest_first() {
        List<Long> ids = storeTexts("PID|1||A100", "PID|1||B200", "PID|1||A100^X", "PID|1||a100");
        MessagePage page = store.browse(MessageQuery.newest(iface, 10).withText("A100"));
        assertThat(page.messages()).extracting(MessageSummary::id).containsExactly(ids.get(2), ids.get(0));
        assertThat(page.nextBeforeId()).isNull();
        assertThat(page.scanLimitReached()).isFalse();
    }

    @Test
    void a_text_search_matches_bytes_not_patterns() {
        List<Long> ids = storeTexts("OBX|1|NM|50%_done", "OBX|1|NM|50x done", "OBX|1|NM|a\\b");
        assertThat(store.browse(MessageQuery.newest(iface, 10).withText("50%_")).messages())
                .extracting(MessageSummary::id).containsExactly(ids.get(0));
        assertThat(store.browse(MessageQuery.newest(iface, 10).withText("a\\b")).messages())
                .extracting(MessageSummary::id).containsExactly(ids.get(2));
    }

    @Test
    void a_text_search_finds_non_ascii_text_in_utf8_payloads() {
        NewMessage utf8 = new NewMessage(T0, "PID|1||Müller".getBytes(Charset.forName("UTF-8")), "UTF-8", null, 0, null,
                List.of("x"), null);
        NewMessage latin1 = new NewMessage(T0, "PID|1||Müller".getBytes(Charset.forName("ISO-8859-1")), "ISO-8859-1",
                null, 0, null, List.of("x"), null);
        List<Stored> ids = store.store(Messages.batch(iface, utf8, latin1), T0);
        assertThat(store.browse(MessageQuery.newest(iface, 10).withText("Müller")).messages())
                .extracting(MessageSummary::id).containsExactly(ids.get(0).id());
    }

    @Test
    void a_text_search_reads_at_most_its_scan_limit_and_says_where_it_stopped() {
        // 12 messages, the 3rd and 10th (oldest first) contain the text; windows of 4 messages.
        List<Long> ids = storeTexts(IntStream.range(0, 12).mapToObj(i -> i == 2 || i == 9 ? "hit " + i : "miss " + i)
                .toArray(String[]::new));
        MessageQuery q = MessageQuery.newest(iface, 10).withText("hit").withScanLimit(4);
        MessagePage first = store.browse(q); // reads ids 11..8
        assertThat(first.messages()).extracting(MessageSummary::id).containsExactly(ids.get(9));
        assertThat(first.scanLimitReached()).isTrue();
        assertThat(first.nextBeforeId()).isEqualTo(ids.get(7) + 1); // 7 is the first it did not read
        MessagePage second = store.browse(q.withBeforeId(first.nextBeforeId())); // 7..4
        assertThat(second.messages()).isEmpty();
        assertThat(second.scanLimitReached()).isTrue();
        assertThat(second.nextBeforeId()).isEqualTo(ids.get(3) + 1);
        MessagePage third = store.browse(q.withBeforeId(second.nextBeforeId())); // 3..0: the end
        assertThat(third.messages()).extracting(MessageSummary::id).containsExactly(ids.get(2));
        assertThat(third.scanLimitReached()).isFalse();
        assertThat(third.nextBeforeId()).isNull();
    }

    @Test
    void a_text_search_out_of_time_stops_after_one_part_of_its_window_and_says_where_to_go_on() {
        int total = MessageQuery.SEARCH_WINDOW + 10;
        List<Long> ids = storeTexts(IntStream.range(0, total).mapToObj(i -> i == 5 || i == total - 1 ? "hit " + i : "miss " + i)
                .toArray(String[]::new));
        MessageQuery q = MessageQuery.newest(iface, 10).withText("hit").withTimeBudget(java.time.Duration.ZERO);
        MessagePage first = store.browse(q); // one part: the newest SEARCH_WINDOW messages
        assertThat(first.messages()).extracting(MessageSummary::id).containsExactly(ids.get(total - 1));
        assertThat(first.timeBudgetReached()).isTrue();
        assertThat(first.scanLimitReached()).isFalse();
        assertThat(first.nextBeforeId()).isEqualTo(ids.get(9) + 1); // 9 is the first it did not read
        MessagePage rest = store.browse(q.withBeforeId(first.nextBeforeId()));
        assertThat(rest.messages()).extracting(MessageSummary::id).containsExactly(ids.get(5));
        assertThat(rest.timeBudgetReached()).isFalse();
        assertThat(rest.nextBeforeId()).isNull();
        MessagePage unhurried = store.browse(q.withTimeBudget(null));
        assertThat(unhurried.messages()).extracting(MessageSummary::id).containsExactly(ids.get(total - 1), ids.get(5));
    }

    @Test
    void a_full_page_of_text_matches_goes_on_after_its_last_message() {
        List<Long> ids = storeTexts("hit 0", "hit 1", "miss 2", "hit 3", "hit 4");
        MessagePage first = store.browse(MessageQuery.newest(iface, 2).withText("hit"));
        assertThat(first.messages()).extracting(MessageSummary::id).containsExactly(ids.get(4), ids.get(3));
        assertThat(first.scanLimitReached()).isFalse();
        MessagePage second = store.browse(MessageQuery.newest(iface, 2).withText("hit").withBeforeId(first.nextBeforeId()));
        assertThat(second.messages()).extracting(MessageSummary::id).containsExactly(ids.get(1), ids.get(0));
        assertThat(second.nextBeforeId()).isNull();
    }

    @Test
    void a_text_search_applies_the_other_filters_before_it_counts_what_it_read() {
        List<Long> ids = storeTexts("hit old", "miss", "hit new");
        store.record(List.of(DeliveryOutcome.sent(ids.get(0), dest(iface, "x"), 1, null, null),
                DeliveryOutcome.sent(ids.get(1), dest(iface, "x"), 1, null, null)), T0);
        // Only two sent messages exist, so a window of two covers both and the search ends there.
        MessagePage page = store.browse(new MessageQuery(iface, MessageStatus.SENT, null, null, null, 10).withText("hit")
                .withScanLimit(2));
        assertThat(page.messages()).extracting(MessageSummary::id).containsExactly(ids.get(0));
    }

    @Test
    void filters_by_each_status() {
        List<Stored> ids = store.store(batch(iface, message("p", 0, "D", "x"), message("s", 0, null, "x"),
                message("f", 0, null, "x"), message("q", 0, null, "x"), message("d", 0, "D", "x")), T0);
        store.record(List.of(DeliveryOutcome.sent(ids.get(1).id(), dest(iface, "x"), 1, null, null),
                DeliveryOutcome.filtered(ids.get(2).id(), dest(iface, "x"), 1, "null"),
                DeliveryOutcome.quarantined(ids.get(3).id(), dest(iface, "x"), 1, "AR")), T0);
        MessageStatus[] expected = {MessageStatus.PENDING, MessageStatus.SENT, MessageStatus.FILTERED,
                MessageStatus.QUARANTINED, MessageStatus.DUPLICATE};
        for (int i = 0; i < expected.length; i++) {
            assertThat(store.browse(new MessageQuery(iface, expected[i], null, null, null, 10)).messages())
                    .as(expected[i].name()).extracting(MessageSummary::id).containsExactly(ids.get(i).id());
        }
    }

    @Test
    void filters_by_status_across_interfaces() {
        long mine = store.store(batch(iface, message("a", 0, null, "x")), T0).get(0).id();
        long theirs = store.store(batch(iface + "-2", message("b", 0, null, "x")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.quarantined(mine, dest(iface, "x"), 1, "AR"),
                DeliveryOutcome.quarantined(theirs, dest(iface + "-2", "x"), 1, "AR")), T0);
        MessagePage page = store.browse(new MessageQuery(null, MessageStatus.QUARANTINED, null, null, null, 1000));
        assertThat(page.messages()).extracting(MessageSummary::id).contains(theirs, mine);
        assertThat(page.messages()).extracting(MessageSummary::status).containsOnly(MessageStatus.QUARANTINED);
    }

    @Test
    void a_time_range_with_a_status_pages_newest_first() {
        List<Stored> ids = store.store(batch(iface, IntStream.range(0, 6)
                .mapToObj(i -> new NewMessage(T0 + i * 1000L, ("m" + i).getBytes(), "UTF-8", null, 0, null, List.of("x"), null))
                .toArray(NewMessage[]::new)), T0);
        List<DeliveryOutcome> sent = new ArrayList<>();
        for (Stored s : ids) sent.add(DeliveryOutcome.sent(s.id(), dest(iface, "x"), 1, null, null));
        store.record(sent, T0);
        MessageQuery q = new MessageQuery(iface, MessageStatus.SENT, T0 + 1000, T0 + 5000, null, 2);
        MessagePage first = store.browse(q);
        assertThat(first.messages()).extracting(MessageSummary::id).containsExactly(ids.get(4).id(), ids.get(3).id());
        MessagePage second = store.browse(q.withBeforeId(first.nextBeforeId()));
        assertThat(second.messages()).extracting(MessageSummary::id).containsExactly(ids.get(2).id(), ids.get(1).id());
        assertThat(second.nextBeforeId()).isNull();
    }

    @Test
    void an_old_time_range_among_many_newer_messages_pages_newest_first() {
        List<Long> ids = storeReceived(1200, i -> "m" + i);
        MessageQuery q = new MessageQuery(iface, null, T0 + 100, T0 + 110, null, 4);
        List<Long> seen = new ArrayList<>();
        MessagePage page = store.browse(q);
        seen.addAll(page.messages().stream().map(MessageSummary::id).toList());
        while (page.nextBeforeId() != null) {
            page = store.browse(q.withBeforeId(page.nextBeforeId()));
            seen.addAll(page.messages().stream().map(MessageSummary::id).toList());
        }
        assertThat(seen).isEqualTo(IntStream.iterate(109, i -> i >= 100, i -> i - 1).mapToObj(ids::get).toList());
    }

    @Test
    void a_time_range_reaching_the_present_pages_newest_first() {
        List<Long> ids = storeReceived(1200, i -> "m" + i);
        MessagePage page = store.browse(new MessageQuery(iface, null, T0 + 1190, null, null, 4));
        assertThat(page.messages()).extracting(MessageSummary::id)
                .containsExactly(ids.get(1199), ids.get(1198), ids.get(1197), ids.get(1196));
        MessagePage last = store.browse(new MessageQuery(iface, null, T0 + 1190, null, ids.get(1192), 4));
        assertThat(last.messages()).extracting(MessageSummary::id)
                .containsExactly(ids.get(1191), ids.get(1190));
        assertThat(last.nextBeforeId()).isNull();
    }

    @Test
    void a_text_search_in_a_time_range_reads_its_window_from_the_range() {
        List<Long> ids = storeReceived(1200, i -> i % 10 == 3 ? "hit " + i : "miss " + i);
        // An old range: the window is the range's newest 5 messages (109..105), none of which matches.
        MessagePage old = store.browse(new MessageQuery(iface, null, T0 + 100, T0 + 110, null, 10).withText("hit")
                .withScanLimit(5));
        assertThat(old.messages()).isEmpty();
        assertThat(old.scanLimitReached()).isTrue();
        assertThat(old.nextBeforeId()).isEqualTo(ids.get(104) + 1);
        MessagePage rest = store.browse(new MessageQuery(iface, null, T0 + 100, T0 + 110, old.nextBeforeId(), 10)
                .withText("hit").withScanLimit(5));
        assertThat(rest.messages()).extracting(MessageSummary::id).containsExactly(ids.get(103));
        assertThat(rest.nextBeforeId()).isNull();
        // A range reaching the present: the window is the newest 5 messages (1199..1195), all in the range.
        MessagePage recent = store.browse(new MessageQuery(iface, null, T0 + 1000, null, null, 10).withText("hit")
                .withScanLimit(5));
        assertThat(recent.messages()).isEmpty();
        assertThat(recent.nextBeforeId()).isEqualTo(ids.get(1194) + 1);
        MessagePage more = store.browse(new MessageQuery(iface, null, T0 + 1000, null, recent.nextBeforeId(), 10)
                .withText("hit").withScanLimit(5));
        assertThat(more.messages()).extracting(MessageSummary::id).containsExactly(ids.get(1193));
    }

    @Test
    void one_message_shows_each_delivery_with_attempts_last_error_and_saved_output() {
        long id = store.store(batch(iface, message("a", 0, null, "lab", "archive")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.retry(id, dest(iface, "lab"), 1, T0 + 1000, "HTTP 503"),
                DeliveryOutcome.sent(id, dest(iface, "archive"), 1, "OUT".getBytes(), "UTF-8")), T0 + 5);
        store.record(List.of(DeliveryOutcome.quarantined(id, dest(iface, "lab"), 2, "HTTP 400")), T0 + 1000);
        MessageDetail detail = store.message(id).orElseThrow();
        DeliveryRecord archive = detail.deliveries().get(0);
        DeliveryRecord lab = detail.deliveries().get(1);
        assertThat(archive.output()).isEqualTo("OUT".getBytes());
        assertThat(archive.outputCharset()).isEqualTo("UTF-8");
        assertThat(lab.attempts()).isEqualTo(2);
        assertThat(lab.lastError()).isEqualTo("HTTP 400");
        assertThat(lab.updatedAt()).isEqualTo(T0 + 1000);
        assertThat(detail.summary().status()).isEqualTo(MessageStatus.QUARANTINED);
        assertThat(detail.summary().editedFrom()).isNull();
        assertThat(detail.editedCopies()).isEmpty();
    }

    @Test
    void quarantine_lists_quarantined_deliveries_across_interfaces_newest_first_in_pages() {
        String other = iface + "-2";
        long a = store.store(batch(iface, message("a", 0, null, "x", "y")), T0).get(0).id();
        long b = store.store(batch(other, message("b", 0, null, "x")), T0).get(0).id();
        long c = store.store(batch(iface, message("c", 0, null, "x", "y")), T0).get(0).id();
        store.record(List.of(DeliveryOutcome.quarantined(a, dest(iface, "x"), 1, "AR"),
                DeliveryOutcome.quarantined(a, dest(iface, "y"), 1, "AR"),
                DeliveryOutcome.quarantined(b, dest(other, "x"), 3, "HTTP 400"),
                DeliveryOutcome.quarantined(c, dest(iface, "y"), 1, "AR"),
                DeliveryOutcome.sent(c, dest(iface, "x"), 1, null, null)), T0 + 7);
        List<String> seen = new ArrayList<>();
        QuarantineQuery q = QuarantineQuery.newest(null, 2);
        QuarantinePage page;
        do {
            page = store.quarantine(q);
            for (QuarantinedDelivery d : page.deliveries()) {
                if (d.message().id() >= a) seen.add(d.message().id() + "/" + d.destination());
            }
            if (page.next() != null) q = q.after(page.next());
        } while (page.next() != null && seen.size() < 4);
        assertThat(seen).containsExactly(c + "/y", b + "/x", a + "/y", a + "/x");
        QuarantinedDelivery bx = store.quarantine(new QuarantineQuery(other, null, null, 10)).deliveries().get(0);
        assertThat(bx.message().interfaceName()).isEqualTo(other);
        assertThat(bx.attempts()).isEqualTo(3);
        assertThat(bx.lastError()).isEqualTo("HTTP 400");
        assertThat(bx.quarantinedAt()).isEqualTo(T0 + 7);
    }

    /** {@code n} messages received a millisecond apart from T0, in one batch. */
    private List<Long> storeReceived(int n, java.util.function.IntFunction<String> text) {
        NewMessage[] messages = new NewMessage[n];
        for (int i = 0; i < n; i++) {
            messages[i] = new NewMessage(T0 + i, text.apply(i).getBytes(), "UTF-8", null, 0, null, List.of("x"), null);
        }
        return store.store(batch(iface, messages), T0).stream().map(Stored::id).toList();
    }

    private List<Long> storeTexts(String... texts) {
        NewMessage[] messages = new NewMessage[texts.length];
        for (int i = 0; i < texts.length; i++) messages[i] = message(texts[i], 0, null, "x");
        return store.store(batch(iface, messages), T0).stream().map(Stored::id).toList();
    }
}
