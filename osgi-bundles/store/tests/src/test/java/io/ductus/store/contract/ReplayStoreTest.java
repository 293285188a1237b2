package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.replay.Original;
import io.ductus.store.replay.ReplayRow;
import io.ductus.store.replay.ReplayStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Replay's reads and results on both databases: a period's originals in id order with their records; jobs, rows, filters, purge. */
@ParameterizedClass
@EnumSource(Database.class)
class ReplayStoreTest {

    private static final OpenStores STORES = new OpenStores("replays");

    @Parameter
    Database db;

    private JdbcStore store;
    private ReplayStore replays;
    private String name;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        replays = store.replays();
        name = info.getTestMethod().orElseThrow().getName().replace('_', '-');
        if (name.length() > 60) name = name.substring(0, 60);
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    private long stored(String text, long receivedAt) {
        NewMessage m = new NewMessage(receivedAt, text.getBytes(StandardCharsets.UTF_8), "UTF-8", "k", 0, null, List.of("lab", "archive"),
                "remote=10.0.0.1:4000");
        return store.store(Messages.batch(name, m), receivedAt).get(0).id();
    }

    @Test
    void originals_of_a_period_come_in_id_order_in_pages_with_each_destinations_record() {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 7; i++) ids.add(stored("m" + i, T0 + i * 1000));
        DestinationRef lab = new DestinationRef(name, "lab");
        DestinationRef archive = new DestinationRef(name, "archive");
        store.record(List.of(DeliveryOutcome.sent(ids.get(1), lab, 1, "out1".getBytes(StandardCharsets.UTF_8), "UTF-8").withRevision(3),
                DeliveryOutcome.filtered(ids.get(1), archive, 1, "not for the archive").withRevision(3)), T0);
        // the period [T0 + 1 s, T0 + 6 s): messages 1..5, read two at a time
        List<Original> all = new ArrayList<>();
        long after = 0;
        while (true) {
            List<Original> page = replays.originals(name, T0 + 1000, T0 + 6000, after, 2);
            if (page.isEmpty()) break;
            assertThat(page.size()).isLessThanOrEqualTo(2);
            all.addAll(page);
            after = page.getLast().id();
        }
        assertThat(all).extracting(Original::id).containsExactlyElementsOf(ids.subList(1, 6));
        assertThat(replays.count(name, T0 + 1000, T0 + 6000)).isEqualTo(5);
        Original first = all.getFirst();
        assertThat(new String(first.payload(), StandardCharsets.UTF_8)).isEqualTo("m1");
        assertThat(first.origin()).isEqualTo("remote=10.0.0.1:4000");
        assertThat(first.receivedAt()).isEqualTo(T0 + 1000);
        assertThat(first.deliveries()).extracting(Original.Recorded::destination).containsExactly("archive", "lab");
        Original.Recorded archived = first.deliveries().get(0);
        assertThat(archived.status()).isEqualTo("filtered");
        assertThat(archived.lastError()).isEqualTo("not for the archive");
        Original.Recorded sent = first.deliveries().get(1);
        assertThat(sent.status()).isEqualTo("sent");
        assertThat(new String(sent.output(), StandardCharsets.UTF_8)).isEqualTo("out1");
        assertThat(sent.revision()).isEqualTo(3);
        assertThat(all.get(1).deliveries()).extracting(Original.Recorded::status).containsExactly("pending", "pending");
        assertThat(all.get(1).deliveries().get(0).revision()).isNull();
    }

    @Test
    void rows_are_kept_per_job_paged_and_filtered_by_kind_destination_and_field_and_purged_with_their_job() {
        long job = replays.create("user:ann", "{\"interfaces\":[\"" + name + "\"]}", T0);
        assertThat(replays.job(job).orElseThrow().status()).isEqualTo("running");
        List<ReplayRow> rows = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            rows.add(new ReplayRow(i, "lab", name, "changed", List.of("PID-5.1", "MSH-7"), "{\"n\":" + i + "}"));
            rows.add(new ReplayRow(i, "archive", name, i == 3 ? "decision_changed" : "changed", List.of("PID-5.1"), "{}"));
        }
        replays.save(job, rows, "{\"done\":5}");
        assertThat(replays.job(job).orElseThrow().summary()).isEqualTo("{\"done\":5}");
        assertThat(replays.rows(job, null, null, null, 0, null, 3)).extracting(r -> r.messageId() + r.destination())
                .containsExactly("1archive", "1lab", "2archive");
        assertThat(replays.rows(job, null, null, null, 2, "archive", 2)).extracting(r -> r.messageId() + r.destination())
                .containsExactly("2lab", "3archive");
        assertThat(replays.rows(job, "decision_changed", null, null, 0, null, 10)).extracting(ReplayRow::messageId).containsExactly(3L);
        assertThat(replays.rows(job, null, "lab", "MSH-7", 0, null, 10)).hasSize(5);
        assertThat(replays.rows(job, null, null, "MSH-7", 0, null, 10)).allSatisfy(r -> assertThat(r.destination()).isEqualTo("lab"));
        assertThat(replays.rows(job, null, null, "MSH", 0, null, 10)).isEmpty(); // a field, not a prefix
        assertThat(replays.rows(job, null, null, null, 0, null, 1).getFirst().fields()).containsExactly("PID-5.1");
        replays.finish(job, "done", "{\"done\":5,\"rows\":10}", T0 + 10);
        assertThat(replays.job(job).orElseThrow().finishedAt()).isEqualTo(T0 + 10);
        long newer = replays.create("user:ann", "{}", T0 + 1000);
        assertThat(replays.jobs(10)).extracting(j -> j.id()).startsWith(newer, job);
        replays.finish(newer, "done", null, T0 + 1001);
        assertThat(replays.purge(T0 + 500)).isGreaterThanOrEqualTo(1);
        assertThat(replays.job(job)).isEmpty();
        assertThat(replays.rows(job, null, null, null, 0, null, 10)).isEmpty();
        assertThat(replays.job(newer)).isPresent();
    }

    @Test
    void a_job_left_running_by_a_stop_is_marked_failed_at_the_next_start() {
        long job = replays.create("user:ann", "{}", T0);
        assertThat(replays.abandon(T0 + 5)).isGreaterThanOrEqualTo(1);
        assertThat(replays.job(job).orElseThrow().status()).isEqualTo("failed");
    }
}
