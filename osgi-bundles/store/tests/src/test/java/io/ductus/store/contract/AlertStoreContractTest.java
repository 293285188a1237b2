package io.ductus.store.contract;

import static io.ductus.store.contract.Messages.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.store.DestinationRef;
import io.ductus.store.LaneHead;
import io.ductus.store.LaneLoad;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.alert.AlertChangeSet;
import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.AlertStore;
import io.ductus.store.alert.DestinationActivity;
import io.ductus.store.alert.InterfaceActivity;
import io.ductus.store.alert.NewEvent;
import io.ductus.store.alert.NewNotice;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.jdbc.JdbcStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
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

/** The alerts port on both databases: conditional changes, the outbox's leases, recoveries, activity, silences. */
@ParameterizedClass
@EnumSource(Database.class)
class AlertStoreContractTest {

    private static final OpenStores STORES = new OpenStores("alerts");
    private static final AlertChangeSet.Due AT_ONCE = (notice, group) -> T0;

    @Parameter
    Database db;

    private JdbcStore store;
    private AlertStore alerts;
    private String target;

    @BeforeEach
    void open(TestInfo info) {
        store = STORES.get(db);
        alerts = store.alerts();
        target = info.getTestMethod().orElseThrow().getName() + "/lab";
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    private AlertRecord firing(AlertRecord from, String told) {
        return new AlertRecord(from.id(), target, "destination", "adt", "firing", "stalled", "12 waiting", "warning", "feeds",
                T0, T0, T0, null, null, null, null, told, from.episode() + 1, from.rev(), 0);
    }

    private AlertRecord fresh() {
        return new AlertRecord(0, target, "destination", "adt", "ok", null, null, null, null, null, null, null, null, null, null,
                null, "", 0, 0, 0);
    }

    private AlertRecord fire(AlertRecord from, String... channels) {
        List<NewNotice> notices = new ArrayList<>();
        for (String c : channels) notices.add(new NewNotice(c, "fired", "warning", "stalled", "12 waiting"));
        return alerts.change(new AlertChangeSet(firing(from, String.join(",", channels)), List.of(new NewEvent("fired", "stalled", null)),
                notices, AT_ONCE, null), T0).orElseThrow();
    }

    private AlertRecord recover(AlertRecord from, String... channels) {
        List<NewNotice> notices = new ArrayList<>();
        for (String c : channels) notices.add(new NewNotice(c, "recovered", "warning", "stalled", "12 waiting"));
        AlertRecord ok = new AlertRecord(from.id(), target, "destination", "adt", "ok", null, null, null, null, null, null, null, null,
                null, null, null, "", from.episode(), from.rev(), 0);
        return alerts.change(new AlertChangeSet(ok, List.of(new NewEvent("recovered", null, null)), notices, AT_ONCE, null), T0 + 10)
                .orElseThrow();
    }

    private List<NotificationRecord> outboxOf(AlertRecord alert) {
        return alerts.notifications(null, null, 1000).stream().filter(n -> alert.id() == (n.alertId() == null ? -1 : n.alertId()))
                .toList();
    }

    @Test
    void a_change_is_written_with_its_history_and_notices_and_counts_a_revision() {
        AlertRecord fired = fire(fresh(), "ops", "pager");
        assertThat(fired.rev()).isEqualTo(1);
        assertThat(fired.status()).isEqualTo("firing");
        assertThat(alerts.history(fired.id(), null, 10)).extracting(AlertEventRecord::what, AlertEventRecord::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("fired", "firing"));
        assertThat(outboxOf(fired)).extracting(NotificationRecord::channel, NotificationRecord::status)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("ops", "waiting"),
                        org.assertj.core.groups.Tuple.tuple("pager", "waiting"));
    }

    @Test
    void of_two_changes_decided_from_the_same_revision_one_is_recorded() throws Exception {
        AlertRecord fired = fire(fresh(), "ops");
        alerts.sent(outboxOf(fired).stream().map(NotificationRecord::id).toList(), T0 + 1);
        // Two engines judge the same round from rev 1: both decide to recover it at the same time.
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            List<Future<Optional<AlertRecord>>> results = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Callable<Optional<AlertRecord>> recover = () -> alerts.change(new AlertChangeSet(new AlertRecord(fired.id(), target,
                        "destination", "adt", "ok", null, null, null, null, null, null, null, null, null, null, null, "", 1, 1, 0),
                        List.of(new NewEvent("recovered", null, null)), List.of(new NewNotice("ops", "recovered", "warning", "stalled", "x")),
                        AT_ONCE, null), T0 + 5);
                results.add(two.submit(recover));
            }
            long written = 0;
            for (Future<Optional<AlertRecord>> r : results) written += r.get().isPresent() ? 1 : 0;
            assertThat(written).isEqualTo(1);
        } finally {
            two.shutdown();
        }
        assertThat(alerts.history(fired.id(), null, 10)).extracting(AlertEventRecord::what).containsExactly("recovered", "fired");
        assertThat(outboxOf(fired)).extracting(NotificationRecord::kind).containsExactlyInAnyOrder("fired", "recovered");
        assertThat(alerts.alert(fired.id()).orElseThrow().rev()).isEqualTo(2);
    }

    @Test
    void a_new_target_is_inserted_once() {
        fire(fresh(), "ops");
        assertThat(alerts.change(new AlertChangeSet(firing(fresh(), "ops"), List.of(new NewEvent("fired", null, null)), List.of(),
                AT_ONCE, null), T0)).isEmpty();
    }

    @Test
    void a_lease_keeps_other_senders_off_until_it_runs_out_and_a_sent_row_is_done() {
        AlertRecord fired = fire(fresh(), "ops");
        List<NotificationRecord> first = alerts.claim(T0, T0 + 120_000, 100).stream()
                .filter(n -> n.alertId() != null && n.alertId() == fired.id()).toList();
        assertThat(first).hasSize(1);
        assertThat(alerts.claim(T0 + 1_000, T0 + 121_000, 100)).noneMatch(n -> n.id() == first.get(0).id());
        List<NotificationRecord> again = alerts.claim(T0 + 120_000, T0 + 240_000, 100);
        assertThat(again).anyMatch(n -> n.id() == first.get(0).id());
        alerts.sent(List.of(first.get(0).id()), T0 + 120_001);
        NotificationRecord sent = alerts.notification(first.get(0).id()).orElseThrow();
        assertThat(sent.status()).isEqualTo("sent");
        assertThat(sent.attempts()).isEqualTo(1);
        assertThat(alerts.claim(T0 + 999_999, T0 + 1_999_999, 100)).noneMatch(n -> n.id() == sent.id());
    }

    @Test
    void a_failed_attempt_is_due_again_later_and_given_up_when_told_so() {
        AlertRecord fired = fire(fresh(), "ops");
        NotificationRecord n = outboxOf(fired).get(0);
        alerts.attemptFailed(List.of(n.id()), "connection refused", T0 + 30_000, T0);
        NotificationRecord retried = alerts.notification(n.id()).orElseThrow();
        assertThat(retried.dueAt()).isEqualTo(T0 + 30_000);
        assertThat(retried.lastError()).isEqualTo("connection refused");
        assertThat(alerts.claim(T0 + 29_999, T0 + 99_999, 100)).noneMatch(r -> r.id() == n.id());
        alerts.attemptFailed(List.of(n.id()), "still refused", null, T0 + 30_000);
        assertThat(alerts.notification(n.id()).orElseThrow().status()).isEqualTo("failed");
    }

    @Test
    void a_recovery_cancels_what_still_waits_and_goes_only_where_someone_was_told() {
        AlertRecord fired = fire(fresh(), "ops", "pager");
        NotificationRecord ops = outboxOf(fired).stream().filter(n -> n.channel().equals("ops")).findFirst().orElseThrow();
        alerts.sent(List.of(ops.id()), T0 + 1);
        recover(fired, "ops", "pager");
        assertThat(outboxOf(fired)).extracting(NotificationRecord::channel, NotificationRecord::kind, NotificationRecord::status)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("ops", "fired", "sent"),
                        org.assertj.core.groups.Tuple.tuple("pager", "fired", "cancelled"),
                        org.assertj.core.groups.Tuple.tuple("ops", "recovered", "waiting"));
    }

    @Test
    void a_channels_waiting_group_is_offered_to_the_next_notice() {
        AlertChangeSet.Due group = (notice, open) -> open.orElse(T0 + 30_000);
        AlertRecord first = alerts.change(new AlertChangeSet(firing(fresh(), "grouped-" + db), List.of(),
                List.of(new NewNotice("grouped-" + db, "fired", "warning", "stalled", "a")), group, null), T0).orElseThrow();
        AlertRecord other = new AlertRecord(0, target + "2", "destination", "adt", "firing", "stalled", "b", "warning", "feeds", T0,
                T0, T0, null, null, null, null, "grouped-" + db, 1, 0, 0);
        alerts.change(new AlertChangeSet(other, List.of(), List.of(new NewNotice("grouped-" + db, "fired", "warning", "stalled", "b")),
                group, null), T0 + 10_000).orElseThrow();
        assertThat(alerts.notifications("waiting", null, 1000).stream().filter(n -> n.channel().equals("grouped-" + db)))
                .extracting(NotificationRecord::dueAt).containsExactly(T0 + 30_000, T0 + 30_000);
        assertThat(first.id()).isPositive();
    }

    @Test
    void an_acknowledgement_is_written_with_its_audit_row() {
        AlertRecord fired = fire(fresh(), "ops");
        AlertRecord acked = new AlertRecord(fired.id(), target, "destination", "adt", "firing", "stalled", "12 waiting", "warning",
                "feeds", T0, T0, T0, null, T0 + 5, "user:ana", null, "ops", fired.episode(), fired.rev(), 0);
        AuditEntry audit = new AuditEntry(T0 + 5, "user:ana", null, null, "session", null, "alert.acknowledge", "alert:" + fired.id(),
                "ok", null);
        alerts.change(new AlertChangeSet(acked, List.of(new NewEvent("acknowledged", "by user:ana", "user:ana")), List.of(), AT_ONCE,
                audit), T0 + 5).orElseThrow();
        assertThat(store.accounts().audit(new AuditQuery(null, 50, null, null)).entries())
                .anyMatch(r -> r.entry().target().equals("alert:" + fired.id()));
        assertThat(alerts.alert(fired.id()).orElseThrow().acknowledgedBy()).isEqualTo("user:ana");
    }

    @Test
    void activity_only_moves_forward_and_a_baseline_is_kept_until_replaced() {
        String iface = "activity-" + target.replace('/', '-');
        DestinationRef lab = new DestinationRef(iface, "lab");
        alerts.saveActivity(List.of(new InterfaceActivity(iface, T0, T0 + 50)),
                List.of(new DestinationActivity(lab, T0, T0 + 40, T0 + 30, "refused", "b1")));
        alerts.saveActivity(List.of(new InterfaceActivity(iface, T0 + 100, T0 + 20)),
                List.of(new DestinationActivity(lab, T0 + 100, T0 + 10, T0 + 5, "older", null)));
        assertThat(alerts.interfaceActivity()).contains(new InterfaceActivity(iface, T0, T0 + 50));
        assertThat(alerts.destinationActivity()).contains(new DestinationActivity(lab, T0, T0 + 40, T0 + 30, "refused", "b1"));
        alerts.saveActivity(List.of(), List.of(new DestinationActivity(lab, T0, T0 + 60, T0 + 61, "newer", "b2")));
        assertThat(alerts.destinationActivity()).contains(new DestinationActivity(lab, T0, T0 + 60, T0 + 61, "newer", "b2"));
    }

    @Test
    void a_silence_lasts_until_it_ends_or_is_ended() {
        var silence = alerts.addSilence(target, T0, T0 + 60_000, "maintenance", "user:ana", T0, null);
        assertThat(alerts.silences(T0 + 1)).anyMatch(s -> s.id() == silence.id());
        assertThat(alerts.silences(T0 + 60_000)).noneMatch(s -> s.id() == silence.id());
        assertThat(alerts.endSilence(silence.id(), "user:bo", T0 + 2, null)).isTrue();
        assertThat(alerts.endSilence(silence.id(), "user:bo", T0 + 3, null)).isFalse();
        assertThat(alerts.silences(T0 + 4)).noneMatch(s -> s.id() == silence.id());
    }

    @Test
    void lane_heads_and_loads_come_from_the_queue_index() {
        String iface = "lanes-" + target.replace('/', '-');
        DestinationRef x = new DestinationRef(iface, "x");
        store.store(Messages.batch(iface, Messages.message("k1", 2, null, "x"), Messages.message("k2", 2, null, "x"),
                Messages.message("k3", 5, null, "x")), T0);
        assertThat(store.laneHeads(x, 8)).extracting(LaneHead::lane, LaneHead::orderingKey).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, "key-2"), org.assertj.core.groups.Tuple.tuple(5, "key-5"));
        assertThat(store.laneHeads(x, 4)).extracting(LaneHead::lane).containsExactly(2);
        assertThat(store.laneHeads(java.util.Map.of(x, 8)).get(x)).isEqualTo(store.laneHeads(x, 8));
        assertThat(store.laneLoads(x)).extracting(LaneLoad::lane, LaneLoad::waiting).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, 2L), org.assertj.core.groups.Tuple.tuple(5, 1L));
    }

    @Test
    void a_test_notification_is_due_at_once_with_its_audit_row() {
        NotificationRecord test = alerts.addTest("ops-" + target, T0, null);
        assertThat(test.kind()).isEqualTo("test");
        assertThat(test.alertId()).isNull();
        assertThat(alerts.claim(T0, T0 + 1000, 1000)).anyMatch(n -> n.id() == test.id());
    }
}
