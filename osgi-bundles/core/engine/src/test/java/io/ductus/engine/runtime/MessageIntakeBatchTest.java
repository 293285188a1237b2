package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.store.Durability;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Receipt;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batched intake on a real SQLite store: the records and the source's progress in one transaction, or neither. */
class MessageIntakeBatchTest {

    @TempDir
    Path tmp;

    private JdbcStore store;
    private MessageIntake intake;
    private ExecutorService storing;
    private final List<Integer> wokenLanes = new ArrayList<>();

    @BeforeEach
    void open() {
        store = SqliteStores.open(tmp.resolve("ductus.db"));
        storing = Executors.newVirtualThreadPerTaskExecutor();
        InterfaceDefinition rows = new InterfaceDefinition("rows", SourceDefinition.INTERNAL, Format.CSV, Optional.empty(),
                Durability.RELAXED, new Ordering(Optional.empty(), 1), Optional.empty(),
                Map.of("out", new DestinationDefinition("out", "file", Map.of("path", "x"), io.ductus.core.project.DestinationTransform.DEFAULT, Format.CSV, Retry.FOREVER, false)));
        intake = new MessageIntake(rows, store, Clock.systemUTC(), storing, wokenLanes::add, new EngineMetrics().intake("rows"), new EventHub());
    }

    @AfterEach
    void close() {
        storing.close();
        store.close();
    }

    @Test
    void a_batch_is_stored_with_its_progress_and_the_progress_reads_back() throws Exception {
        List<Receipt> receipts = intake.submitBatch(records("a", "b", "c"), new Progress("file", "offset=30"))
                .toCompletableFuture().get();

        assertThat(receipts).hasSize(3);
        assertThat(receipts.get(0).messageId()).isLessThan(receipts.get(2).messageId());
        assertThat(payloads()).containsExactly("a", "b", "c");
        assertThat(intake.savedProgress("file")).contains("offset=30");
        assertThat(intake.savedProgress("other")).isEmpty();
        assertThat(wokenLanes).as("one wake-up for the lane, not one per record").containsExactly(0);
    }

    @Test
    void a_failed_batch_stores_none_of_its_records_and_keeps_the_previous_progress() throws Exception {
        intake.submitBatch(records("a"), new Progress("file", "offset=10")).toCompletableFuture().get();
        refuseStoring("bad");

        assertThatThrownBy(() -> intake.submitBatch(records("b", "bad", "c"), new Progress("file", "offset=40"))
                .toCompletableFuture().get())
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(IntakeException.class)
                .hasMessageContaining("the batch of 3 records could not be stored");

        assertThat(payloads()).containsExactly("a");
        assertThat(intake.savedProgress("file")).contains("offset=10");
    }

    @Test
    void a_batch_handed_over_behind_another_is_stored_only_once_that_one_is() throws Exception {
        CompletableFuture<Void> before = new CompletableFuture<>();
        CompletableFuture<List<Receipt>> behind = intake.submitBatchAfter(before, records("b1", "b2"), new Progress("file", "offset=20"))
                .toCompletableFuture();
        intake.submit(InboundMessage.of("other".getBytes(StandardCharsets.UTF_8))).toCompletableFuture().get();

        assertThat(behind).as("waits for the batch before it").isNotDone();
        assertThat(payloads()).containsExactly("other");

        before.complete(null);
        assertThat(behind.get()).hasSize(2);
        assertThat(payloads()).containsExactly("other", "b1", "b2");
        assertThat(intake.savedProgress("file")).contains("offset=20");
    }

    @Test
    void a_batch_behind_one_that_was_not_stored_is_not_stored_either() throws Exception {
        intake.submitBatch(records("a"), new Progress("file", "offset=10")).toCompletableFuture().get();
        refuseStoring("bad");

        CompletionStage<List<Receipt>> failing = intake.submitBatch(records("bad"), new Progress("file", "offset=20"));
        CompletableFuture<List<Receipt>> behind = intake.submitBatchAfter(failing, records("c"), new Progress("file", "offset=30"))
                .toCompletableFuture();

        assertThatThrownBy(behind::get).cause().isInstanceOf(IntakeException.class)
                .hasMessageContaining("the batch of 1 records was not stored: the batch before it was not stored");
        assertThat(payloads()).containsExactly("a");
        assertThat(intake.savedProgress("file")).contains("offset=10");
    }

    @Test
    void batches_each_handed_over_behind_the_last_are_stored_in_that_order() throws Exception {
        CompletionStage<?> last = CompletableFuture.completedFuture(null);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            last = intake.submitBatchAfter(last, records(i + "a", i + "b"), new Progress("file", "offset=" + i));
            expected.addAll(List.of(i + "a", i + "b"));
        }
        last.toCompletableFuture().get();

        assertThat(payloads()).isEqualTo(expected);
        assertThat(intake.savedProgress("file")).contains("offset=49");
    }

    @Test
    void a_batch_over_the_limit_is_refused_before_anything_is_stored() {
        List<InboundMessage> tooMany = new ArrayList<>();
        for (int i = 0; i <= Intake.MAX_BATCH; i++) tooMany.add(InboundMessage.of(("r" + i).getBytes(StandardCharsets.UTF_8)));

        assertThatThrownBy(() -> intake.submitBatch(tooMany, new Progress("file", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 to 500 records, got 501");
    }

    @Test
    void a_closed_intake_refuses_batches() throws Exception {
        intake.close(1000);

        assertThatThrownBy(() -> intake.submitBatch(records("a"), new Progress("file", "x")).toCompletableFuture().get())
                .cause().isInstanceOf(IntakeException.class).hasMessageContaining("is stopping");
        assertThat(payloads()).isEmpty();
    }

    @Test
    void a_message_is_pending_until_its_delivery_finished_and_a_retry_keeps_it_pending() throws Exception {
        assertThat(intake.hasPendingMessages()).as("nothing stored yet").isFalse();
        long id = intake.submit(InboundMessage.of("run".getBytes(StandardCharsets.UTF_8))).toCompletableFuture().get().messageId();
        assertThat(intake.hasPendingMessages()).isTrue();

        DestinationRef out = new DestinationRef("rows", "out");
        store.record(List.of(DeliveryOutcome.retry(id, out, 1, System.currentTimeMillis() + 60_000, "peer down")), System.currentTimeMillis());
        assertThat(intake.hasPendingMessages()).as("waiting for a retry is still pending").isTrue();

        store.record(List.of(DeliveryOutcome.sent(id, out, 2, null, null)), System.currentTimeMillis());
        assertThat(intake.hasPendingMessages()).isFalse();
    }

    private static List<InboundMessage> records(String... texts) {
        List<InboundMessage> list = new ArrayList<>();
        for (String t : texts) list.add(InboundMessage.of(t.getBytes(StandardCharsets.UTF_8)));
        return list;
    }

    /** A trigger makes the database refuse one payload, as a full disk or a constraint would fail a batch midway. */
    private void refuseStoring(String payload) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("ductus.db")); Statement s = c.createStatement()) {
            s.execute("CREATE TRIGGER refuse BEFORE INSERT ON messages WHEN CAST(NEW.payload AS TEXT) = '" + payload + "'"
                    + " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
        }
    }

    private List<String> payloads() throws Exception {
        List<String> texts = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("ductus.db")); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT payload FROM messages ORDER BY id")) {
            while (rs.next()) texts.add(new String(rs.getBytes(1), StandardCharsets.UTF_8));
        }
        return texts;
    }
}
