package io.ductus.engine.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.DestinationTransform;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Project;
import io.ductus.core.project.ProjectSettings;
import io.ductus.core.project.Resources;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import io.ductus.core.retention.KeepYears;
import io.ductus.core.retention.Window;
import io.ductus.sdk.testkit.TestClock;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageQuery;
import io.ductus.store.NewMessage;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention's runs on a real SQLite file with a test clock: weeks go by without waiting, and the rests are only counted. */
class RetentionServiceTest {

    private static final long DAY = 86_400_000L;

    @TempDir
    Path folder;

    private final TestClock clock = new TestClock(Instant.parse("2026-01-05T02:00:00Z"));
    private final AtomicReference<Project> project = new AtomicReference<>();
    private final LongAdder restedNanos = new LongAdder();
    private JdbcStore store;
    private RetentionService retention;

    @BeforeEach
    void open() {
        store = SqliteStores.open(folder.resolve("ductus.db"));
        retention = new RetentionService(store.retention(), clock, project::get, restedNanos::add);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void each_interface_keeps_its_window_and_the_run_rests_as_long_as_it_worked() {
        project.set(project(Window.SEVEN_WEEKS, Map.of("adt", Optional.of(Window.ONE_WEEK), "lab", Optional.empty())));
        for (int day = 0; day < 56; day++) {
            receive("adt", 20);
            receive("lab", 20);
            clock.advance(Duration.ofDays(1));
            retention.run();
        }
        long now = clock.millis();
        assertThat(oldest("adt")).isGreaterThanOrEqualTo(now - 7 * DAY);
        assertThat(oldest("lab")).isGreaterThanOrEqualTo(now - 49 * DAY).isLessThan(now - 48 * DAY);
        assertThat(retention.counted().kept().get("adt").messages()).isEqualTo(7 * 20);
        assertThat(retention.counted().kept().get("lab").messages()).isEqualTo(49 * 20);
        assertThat(retention.lastRun().deleted()).isEqualTo(40);
        assertThat(restedNanos.sum()).as("paced: rests between batches").isPositive();
        assertThat(retention.lastRun().longestBatchMillis()).as("what a batch held the writer").isPositive();
        assertThat(retention.interfaces().get("adt").applied()).contains(Window.ONE_WEEK);
    }

    @Test
    void a_longer_window_applies_at_once_and_a_shorter_one_waits_for_a_confirmation() {
        project.set(project(Window.SEVEN_WEEKS, Map.of("adt", Optional.of(Window.THREE_WEEKS))));
        retention.run();
        for (int day = 0; day < 30; day++) {
            receive("adt", 5);
            clock.advance(Duration.ofDays(1));
        }
        project.set(project(Window.SEVEN_WEEKS, Map.of("adt", Optional.of(Window.SEVEN_WEEKS))));
        retention.run();
        assertThat(retention.interfaces().get("adt").applied()).contains(Window.SEVEN_WEEKS);
        assertThat(count("adt")).as("nothing deleted by a longer window").isEqualTo(150);

        project.set(project(Window.SEVEN_WEEKS, Map.of("adt", Optional.of(Window.ONE_WEEK))));
        retention.run();
        assertThat(retention.interfaces().get("adt").waiting()).isTrue();
        assertThat(retention.interfaces().get("adt").applied()).contains(Window.SEVEN_WEEKS);
        assertThat(count("adt")).as("a shorter window deletes nothing before it is confirmed").isEqualTo(150);

        AuditEntry audit = new AuditEntry(clock.millis(), "user:ops", null, null, "session", null, "retention.confirm", "interface:adt",
                "ok", "{\"from\":\"7w\",\"to\":\"1w\"}");
        assertThat(retention.confirm("adt", "user:ops", audit)).hasValueSatisfying(i -> {
            assertThat(i.applied()).contains(Window.ONE_WEEK);
            assertThat(i.waiting()).isFalse();
        });
        retention.run();
        assertThat(count("adt")).isEqualTo(35);
        assertThat(retention.confirm("adt", "user:ops", audit)).as("nothing waits any more").isEmpty();
        List<String> actions = new ArrayList<>();
        store.accounts().audit(new AuditQuery(null, 50, null, null)).entries().forEach(r -> actions.add(r.entry().action() + " "
                + r.entry().actor() + " " + r.entry().detail()));
        assertThat(actions).containsExactly("retention.confirm user:ops {\"from\":\"7w\",\"to\":\"1w\"}",
                "retention.change system {\"from\":\"3w\",\"to\":\"7w\"}");
    }

    @Test
    void audit_rows_older_than_audit_keep_are_deleted_by_the_run() {
        Project p = project(Window.SEVEN_WEEKS, Map.of());
        project.set(new Project(new ProjectSettings(Optional.empty(), Optional.empty(), Map.of(), Optional.empty(), AlertSettings.NONE,
                ProjectSettings.Replay.DEFAULTS, Optional.empty(), Window.SEVEN_WEEKS, new KeepYears(1)), p.resources(), p.interfaces()));
        store.accounts().record(new AuditEntry(clock.millis() - 400 * DAY, "system", null, null, "engine", null, "old", null, "ok", null));
        store.accounts().record(new AuditEntry(clock.millis() - 10 * DAY, "system", null, null, "engine", null, "young", null, "ok", null));
        assertThat(retention.run().auditDeleted()).isEqualTo(1);
        assertThat(retention.counted().auditRows()).isEqualTo(1);
    }

    private void receive(String name, int n) {
        List<NewMessage> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            batch.add(new NewMessage(clock.millis(), ("MSH|" + i).getBytes(StandardCharsets.UTF_8), "UTF-8", null, 0, null, List.of("out"), null));
        }
        var stored = store.store(new IntakeBatch(name, Durability.RELAXED, batch, null), clock.millis());
        List<DeliveryOutcome> sent = new ArrayList<>();
        for (var s : stored) sent.add(DeliveryOutcome.sent(s.id(), new DestinationRef(name, "out"), 1, null, null));
        store.record(sent, clock.millis());
    }

    private long oldest(String name) {
        var page = store.browse(new MessageQuery(name, null, null, null, null, 1000));
        return page.messages().stream().mapToLong(m -> m.receivedAt()).min().orElseThrow();
    }

    private long count(String name) {
        return retention.run() == null ? 0 : retention.counted().kept().get(name).messages();
    }

    private static Project project(Window projectDefault, Map<String, Optional<Window>> windows) {
        Map<String, InterfaceDefinition> interfaces = new LinkedHashMap<>();
        windows.forEach((name, window) -> interfaces.put(name, new InterfaceDefinition(name, SourceDefinition.INTERNAL, Format.HL7,
                Optional.empty(), Durability.RELAXED, Ordering.ONE_LANE, Optional.empty(),
                Map.of("out", new DestinationDefinition("out", "file", Map.of("path", "x"), DestinationTransform.DEFAULT, Format.HL7,
                        Retry.FOREVER, false)), InterfaceDefinition.DEFAULT_TIMEOUT, Optional.empty(),
                io.ductus.core.health.Expectations.NONE, new InterfaceDefinition.Keeping(window, false))));
        ProjectSettings settings = new ProjectSettings(Optional.empty(), Optional.empty(), Map.of(), Optional.empty(), AlertSettings.NONE,
                ProjectSettings.Replay.DEFAULTS, Optional.empty(), projectDefault, KeepYears.DEFAULT);
        return new Project(settings, new Resources(Map.of()), interfaces);
    }
}
