package io.ductus.engine.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.alert.AlertRule;
import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.alert.Observation;
import io.ductus.core.alert.Severity;
import io.ductus.engine.alerts.channel.ChannelSender;
import io.ductus.engine.monitor.EventHub;
import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Judging rounds on a real SQLite store, under a test clock. */
class AlertRoundTest {

    private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");
    private static final AlertSettings SETTINGS = new AlertSettings(Optional.empty(),
            Map.of("ops", new Channel("ops", Channel.Type.WEBHOOK, List.of(), "http://127.0.0.1:9/hook", Channel.Format.JSON)),
            List.of(new AlertRule("errors", Set.of("error", "stopped"), List.of(), Severity.WARNING, List.of("ops"), Duration.ZERO,
                    Optional.empty(), Optional.empty())),
            Duration.ZERO, Duration.ofMinutes(2), Optional.empty(), Duration.ofSeconds(15), 365);

    @TempDir
    Path tmp;

    private JdbcStore store;

    @BeforeEach
    void open() {
        store = SqliteStores.open(tmp.resolve("alerts.db"));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static Observation error(String target) {
        return new Observation(target, Observation.Kind.DESTINATION, "adt", "error", "the connector reports degraded", null, false);
    }

    private List<AlertEventRecord> historyOf(String target) {
        return store.alerts().history(null, null, 1000).stream().filter(e -> e.target().equals(target)).toList();
    }

    private List<NotificationRecord> noticesOf(String target) {
        return store.alerts().notifications(null, null, 1000).stream().filter(n -> target.equals(n.target())).toList();
    }

    @Test
    void two_engines_judging_the_same_round_at_once_record_one_change_and_one_notice() throws Exception {
        AlertRound one = new AlertRound(store.alerts(), SETTINGS, ZoneOffset.UTC, new EventHub());
        AlertRound other = new AlertRound(store.alerts(), SETTINGS, ZoneOffset.UTC, new EventHub());
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            List<Observation> seen = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String target = "adt/lab" + i;
                seen.add(error(target)); // the targets of earlier rounds still fail: nothing more to write for them
                List<Observation> round = List.copyOf(seen);
                CountDownLatch go = new CountDownLatch(1);
                List<Future<AlertRound.Result>> results = new ArrayList<>();
                for (AlertRound judge : List.of(one, other)) {
                    results.add(two.submit(() -> {
                        go.await();
                        return judge.run(round, T0);
                    }));
                }
                go.countDown();
                int changed = 0;
                for (Future<AlertRound.Result> r : results) changed += r.get().changed();
                assertThat(changed).as("round %d: changes written", i).isEqualTo(1);
                assertThat(historyOf(target)).extracting(AlertEventRecord::what).containsExactly("fired");
                assertThat(noticesOf(target)).hasSize(1);
            }
        } finally {
            two.shutdown();
        }
    }

    @Test
    void a_round_in_which_nothing_changed_writes_nothing() {
        AlertRound round = new AlertRound(store.alerts(), SETTINGS, ZoneOffset.UTC, new EventHub());
        assertThat(round.run(List.of(error("adt/x")), T0).changed()).isEqualTo(1);
        long rev = store.alerts().alerts().get(0).rev();
        assertThat(round.run(List.of(error("adt/x")), T0.plusSeconds(15)).changed()).isZero();
        assertThat(round.run(List.of(error("adt/x"), new Observation("adt/ok", Observation.Kind.DESTINATION, "adt", "ok", null, null,
                false)), T0.plusSeconds(15)).changed()).as("a good target with no alert gets no row").isZero();
        assertThat(store.alerts().alerts()).hasSize(1);
        assertThat(store.alerts().alerts().get(0).rev()).isEqualTo(rev);
    }

    @Test
    void a_target_no_longer_observed_settles_and_recovers() {
        AlertRound round = new AlertRound(store.alerts(), SETTINGS, ZoneOffset.UTC, new EventHub());
        round.run(List.of(error("gone/lab")), T0);
        store.alerts().sent(noticesOf("gone/lab").stream().map(NotificationRecord::id).toList(), T0.toEpochMilli());
        round.run(List.of(), T0.plusSeconds(15));
        round.run(List.of(), T0.plusSeconds(15 + 120));
        assertThat(historyOf("gone/lab")).extracting(AlertEventRecord::what).containsExactly("recovered", "fired");
        assertThat(noticesOf("gone/lab")).extracting(NotificationRecord::kind).containsExactlyInAnyOrder("fired", "recovered");
    }

    @Test
    void a_silence_of_an_interface_covers_its_destinations() {
        store.alerts().addSilence("adt", T0.toEpochMilli(), T0.plusSeconds(3600).toEpochMilli(), "upgrade", "user:ana", T0.toEpochMilli(), null);
        AlertRound round = new AlertRound(store.alerts(), SETTINGS, ZoneOffset.UTC, new EventHub());
        round.run(List.of(error("adt/quiet")), T0.plusSeconds(1));
        assertThat(historyOf("adt/quiet")).extracting(AlertEventRecord::detail).allMatch(d -> d.contains("silenced"));
        assertThat(noticesOf("adt/quiet")).isEmpty();
    }

    @Test
    void losing_the_database_tells_the_engines_rule_directly_once_and_its_return_too() throws Exception {
        List<String> told = new CopyOnWriteArrayList<>();
        ChannelSender sender = (channel, notices) -> notices.forEach(n -> told.add(channel.name() + " " + n.kind() + " " + n.target()));
        DatabaseLoss loss = new DatabaseLoss(SETTINGS, Map.of(Channel.Type.WEBHOOK, sender));
        loss.unreachable(T0, "connection refused");
        loss.unreachable(T0.plusSeconds(59), "connection refused");
        assertThat(told).isEmpty();
        loss.unreachable(T0.plusSeconds(60), "connection refused");
        loss.unreachable(T0.plusSeconds(75), "connection refused");
        loss.reachable(T0.plusSeconds(90));
        loss.reachable(T0.plusSeconds(105));
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (told.size() < 2 && System.nanoTime() < deadline) Thread.onSpinWait();
        assertThat(told).containsExactly("ops fired engine", "ops recovered engine");
    }
}
