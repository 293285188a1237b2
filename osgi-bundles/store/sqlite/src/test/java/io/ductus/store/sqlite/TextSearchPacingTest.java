package io.ductus.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.Dialect;
import io.ductus.store.jdbc.JdbcStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A text search rests after each part of its window three times as long as the part took, so it is busy at most a
 * quarter of a core: read on without a pause, it held a core in long stretches and the intake's threads waited
 * behind it. The rest comes in as the store's {@code Rest}; here it only counts.
 */
class TextSearchPacingTest {

    private static final int STORED = 2 * MessageQuery.SEARCH_WINDOW + 10; // three parts: 2,000, 2,000 and 10

    @TempDir
    Path folder;

    private final List<Long> rests = new ArrayList<>();
    private JdbcStore store;

    @BeforeEach
    void open() {
        store = new JdbcStore(Dialect.SQLITE, SqliteStores.transactions(folder.resolve("ductus.db").toAbsolutePath()), "test",
                rests::add);
        long now = System.currentTimeMillis();
        List<NewMessage> messages = new ArrayList<>();
        for (int i = 0; i < STORED; i++) {
            byte[] payload = ("MSH|^~\\&|T|F|D|F|20261201||ADT^A08|C" + i + "|P|2.5\rPID|1||MRN" + i + "\r")
                    .getBytes(StandardCharsets.ISO_8859_1);
            messages.add(new NewMessage(now, payload, "ISO-8859-1", "MRN" + i, 0, null, List.of("out"), null));
        }
        store.store(IntakeBatch.of("adt", Durability.RELAXED, messages), now);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void a_text_search_rests_after_each_part_of_its_window_but_not_after_its_last() {
        MessagePage page = store.forCallers().browse(MessageQuery.newest("adt", 10).withText("NOT-IN-ANY")
                .withScanLimit(MessageQuery.MAX_SCAN_LIMIT));
        assertThat(page.messages()).isEmpty();
        assertThat(page.nextBeforeId()).as("it read to the oldest message").isNull();
        assertThat(rests).as("one rest between each two parts").hasSize(2).allSatisfy(nanos -> assertThat(nanos).isPositive());
    }

    @Test
    void a_search_whose_time_budget_would_run_out_during_the_rest_answers_at_once_with_where_to_go_on() {
        MessagePage page = store.browse(MessageQuery.newest("adt", 10).withText("NOT-IN-ANY")
                .withScanLimit(MessageQuery.MAX_SCAN_LIMIT).withTimeBudget(Duration.ofNanos(1)));
        assertThat(page.timeBudgetReached()).isTrue();
        assertThat(page.nextBeforeId()).isNotNull();
        assertThat(rests).as("no rest that only delays the answer").isEmpty();
    }

    @Test
    void browsing_without_text_never_rests() {
        assertThat(store.browse(MessageQuery.newest("adt", 100)).messages()).hasSize(100);
        assertThat(rests).isEmpty();
    }
}
