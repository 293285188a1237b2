package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.file.FileConnectorFactory;
import io.ductus.connector.schedule.ScheduleConnectorFactory;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.project.ProjectLoader;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule source in the real runtime on a real SQLite store, with a clock the test moves: runs
 * missed while the engine was down collapse into one, and a run is skipped while the previous run's
 * message is still pending (here: its file destination cannot write).
 */
class ScheduleSourceEndToEndTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @TempDir
    Path tmp;

    private final MovableClock clock = new MovableClock(T0);
    private JdbcStore store;
    private EngineRuntime runtime;

    @BeforeEach
    void project() throws IOException {
        Path folder = Files.createDirectories(tmp.resolve("project/interfaces/tick"));
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: schedule, every: 5m }
                format: json
                destinations:
                  out: { type: file, path: "runs/{id}.json", fsync: false }
                """);
        store = SqliteStores.open(tmp.resolve("data/ductus.db"));
    }

    @AfterEach
    void close() {
        if (runtime != null) runtime.stop();
        store.close();
    }

    @Test
    void collapses_runs_missed_while_the_engine_was_down_into_one_run_at_start() throws Exception {
        start();
        waitUntil(() -> Files.exists(tmp.resolve("data/runs/1.json")));
        runtime.stop();
        runtime = null;

        clock.advance(Duration.ofHours(3).plusSeconds(20)); // 36 runs missed while stopped
        start();
        waitUntil(() -> Files.exists(tmp.resolve("data/runs/2.json")));
        clock.advance(Duration.ofMinutes(4)); // the next run is due at 13:05, not yet
        Thread.sleep(1500); // the schedule reads the clock every second

        assertThat(messages()).extracting(MessageSummary::id).containsExactly(2L, 1L);
        assertThat(Files.readString(tmp.resolve("data/runs/1.json")))
                .isEqualTo("{\"scheduledAt\":\"2026-11-30T10:00:00Z\",\"firedAt\":\"2026-11-30T10:00:00Z\"}");
        assertThat(Files.readString(tmp.resolve("data/runs/2.json")))
                .isEqualTo("{\"scheduledAt\":\"2026-11-30T13:00:00Z\",\"firedAt\":\"2026-11-30T13:00:20Z\"}");
        assertThat(store.sourceState("tick", "schedule")).contains("scheduled=2026-11-30T13:00:00Z fired=2026-11-30T13:00:20Z");
    }

    @Test
    void skips_a_run_while_the_previous_run_is_still_pending_then_runs_again_once_it_was_delivered() throws Exception {
        Files.createDirectories(tmp.resolve("data"));
        Files.writeString(tmp.resolve("data/runs"), "a file where the folder should be: the destination retries");
        start();
        waitUntil(() -> messages().size() == 1);

        clock.advance(Duration.ofMinutes(5));
        waitUntil(() -> String.valueOf(sourceDetail()).contains("skipped the run of 2026-11-30T10:05:00Z"));
        assertThat(sourceDetail()).isEqualTo("skipped the run of 2026-11-30T10:05:00Z: the previous run's message is still pending");
        assertThat(messages()).singleElement().satisfies(m -> assertThat(m.status()).isEqualTo(MessageStatus.PENDING));

        Files.delete(tmp.resolve("data/runs"));
        clock.advance(Duration.ofMinutes(1)); // the retry is due; the next run (10:10) is not yet
        waitUntil(() -> messages().getFirst().status() == MessageStatus.SENT);
        clock.advance(Duration.ofMinutes(4));
        waitUntil(() -> Files.exists(tmp.resolve("data/runs/2.json")));

        assertThat(Files.readString(tmp.resolve("data/runs/2.json"))).contains("\"scheduledAt\":\"2026-11-30T10:10:00Z\"");
        assertThat(messages()).hasSize(2);
    }

    private void start() throws IOException {
        runtime = EngineRuntime.start(ProjectLoader.read(tmp.resolve("project")), tmp.resolve("project"),
                io.ductus.engine.plugins.TestRegistries.with(new ScheduleConnectorFactory(), new FileConnectorFactory()), store, clock,
                tmp.resolve("data"), new EngineMetrics(), new EventHub());
        assertThat(runtime.interfaces().states().getFirst().state()).isEqualTo("running");
    }

    private List<MessageSummary> messages() {
        return store.browse(MessageQuery.newest("tick", 100)).messages();
    }

    private String sourceDetail() {
        return runtime.interfaces().states().getFirst().source().detail();
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 15 s");
            Thread.sleep(20);
        }
    }

    /** A clock that stands still until the test moves it. */
    private static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
