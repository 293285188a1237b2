package io.ductus.studio.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.events.EngineEvent;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.RecordingNavigator;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DashboardViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "archive", "lab").anInterface("orders-in", "archive");
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final RecordingNavigator navigator = new RecordingNavigator();
    private ServerSession session;
    private DashboardViewModel vm;

    @BeforeEach
    void load() {
        session = Sessions.of(api, dialogs);
        vm = new DashboardViewModel(session, navigator);
        vm.load();
    }

    private InterfaceRow row(String name) {
        return vm.allInterfaces().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void lists_every_interface_and_destination_with_totals_and_a_summary() {
        assertThat(vm.shownInterfaces()).extracting(InterfaceRow::name).containsExactly("adt-in", "orders-in");
        assertThat(row("adt-in").destinations()).extracting(DestinationRow::name).containsExactly("archive", "lab");
        assertThat(vm.summaryProperty().get()).isEqualTo("2 interfaces, 3 destinations, all ok");
    }

    @Test
    void a_counts_event_changes_the_rows_in_place_and_the_totals_follow() {
        InterfaceRow adt = row("adt-in");
        DestinationRow lab = adt.destinations().get(1);
        vm.apply(List.of(new EngineEvent.Counts(List.of(new EngineEvent.DestinationCount("adt-in", "lab", 40, 0),
                new EngineEvent.DestinationCount("adt-in", "archive", 2, 0)))));
        assertThat(row("adt-in")).isSameAs(adt);
        assertThat(lab.pendingProperty().get()).isEqualTo(40);
        assertThat(adt.pendingProperty().get()).isEqualTo(42);
        assertThat(api.calls).doesNotContain("interface adt-in"); // nothing that moves a health
    }

    @Test
    void a_quarantine_appearing_reads_that_interface_again_for_its_health() {
        api.queue("adt-in", "lab", 0, 1);
        vm.apply(List.of(new EngineEvent.Counts(List.of(new EngineEvent.DestinationCount("adt-in", "lab", 0, 1)))));
        assertThat(api.calls).containsOnlyOnce("interface adt-in");
        assertThat(row("adt-in").healthProperty().get()).isEqualTo("error");
        assertThat(row("adt-in").destinations().get(1).healthReasonProperty().get()).isEqualTo("1 message(s) quarantined");
        assertThat(vm.summaryProperty().get()).endsWith("1 need attention");
    }

    @Test
    void receipts_and_deliveries_set_the_last_activity_from_the_clock() {
        vm.apply(List.of(new EngineEvent.Received(7, "orders-in", false), new EngineEvent.Delivery(7, "orders-in", "archive", "sent", 1)));
        assertThat(row("orders-in").lastReceivedProperty().get()).isEqualTo(session.clock().instant());
        assertThat(row("orders-in").destinations().getFirst().lastActivityProperty().get()).isEqualTo(session.clock().instant());
        assertThat(row("adt-in").lastReceivedProperty().get()).isNull();
    }

    @Test
    void search_and_filters_narrow_the_rows() {
        vm.searchProperty().set("ORDERS");
        assertThat(vm.shownInterfaces()).extracting(InterfaceRow::name).containsExactly("orders-in");
        vm.searchProperty().set("lab");
        assertThat(vm.shownInterfaces()).extracting(InterfaceRow::name).containsExactly("adt-in");
        vm.searchProperty().set("");
        api.queue("adt-in", "lab", 0, 3);
        vm.load();
        vm.filterProperty().set(DashboardViewModel.Filter.QUARANTINED);
        assertThat(vm.shownInterfaces()).extracting(InterfaceRow::name).containsExactly("adt-in");
        vm.filterProperty().set(DashboardViewModel.Filter.PAUSED);
        assertThat(vm.shownInterfaces()).isEmpty();
        assertThat(vm.summaryProperty().get()).endsWith("showing 0");
    }

    @Test
    void pausing_and_resuming_call_the_engine_and_show_what_it_answered() {
        DestinationRow lab = row("adt-in").destinations().get(1);
        vm.pause(lab);
        assertThat(api.calls).contains("pause adt-in/lab");
        assertThat(lab.pausedProperty().get()).isTrue();
        assertThat(lab.healthProperty().get()).isEqualTo("paused");
        vm.resume(lab);
        assertThat(lab.pausedProperty().get()).isFalse();
    }

    @Test
    void a_drain_asks_first_and_shows_its_progress() {
        dialogs.answer(false);
        vm.startDrain();
        assertThat(api.calls).doesNotContain("startDrain");
        vm.startDrain();
        assertThat(api.calls).contains("startDrain");
        assertThat(vm.drainingProperty().get()).isTrue();
        assertThat(vm.drainTextProperty().get()).contains("3 deliveries still pending");
        vm.stopDrain();
        assertThat(vm.drainTextProperty().get()).isEmpty();
    }

    @Test
    void a_count_opens_the_browser_filtered_to_it() {
        vm.openQuarantined("adt-in");
        vm.openPending("orders-in");
        assertThat(navigator.went).containsExactly("messages adt-in quarantined", "messages orders-in pending");
    }

    @Test
    void a_lost_connection_goes_to_the_one_banner_and_a_forbidden_act_says_what_is_needed() {
        api.failNext(FakeApi.unreachable()).failNext(FakeApi.unreachable()); // the interfaces and the drain
        vm.load();
        assertThat(session.connection().bannerProperty().get()).startsWith("Cannot reach test-engine");
        assertThat(session.connection().online()).isFalse();
        vm.load();
        assertThat(session.connection().bannerProperty().get()).isEmpty();

        api.failNext(FakeApi.forbidden("pauseDestination needs operator; token:ro is viewer"));
        vm.pause(row("adt-in").destinations().getFirst());
        assertThat(vm.messageProperty().get()).isEqualTo("Not allowed: pauseDestination needs operator; token:ro is viewer");
        assertThat(session.connection().bannerProperty().get()).isEmpty();
    }

    @Test
    void a_resync_reads_everything_again_and_an_interface_that_went_is_removed() {
        api.interfaces.remove("orders-in");
        session.live().event(9, new EngineEvent.Resync("fell behind"));
        assertThat(vm.allInterfaces()).extracting(InterfaceRow::name).containsExactly("adt-in");
    }
}
