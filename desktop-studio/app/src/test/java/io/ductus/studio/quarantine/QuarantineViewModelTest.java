package io.ductus.studio.quarantine;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.events.EngineEvent;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.RecordingNavigator;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import io.ductus.studio.server.ServerSession;
import org.junit.jupiter.api.Test;

class QuarantineViewModelTest {

    private final FakeApi api = new FakeApi();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final RecordingNavigator navigator = new RecordingNavigator();
    private final ServerSession session;
    private final QuarantineViewModel vm;

    QuarantineViewModelTest() {
        for (long id = 1; id <= 6; id++) {
            String reason = id <= 4 ? "unknown administrative sex '" + (char) ('A' + id) + "' in PID-8 (transform.js:" + (20 + id) + ")"
                    : "the receiver rejected the message (AR): no such ward";
            api.message(id, id % 2 == 0 ? "adt-in" : "adt-b", "quarantined", "MSH|^~\\&|A\r", FakeApi.delivery("lab", "quarantined", reason));
        }
        session = Sessions.of(api, dialogs);
        vm = new QuarantineViewModel(session, navigator);
        vm.load();
    }

    @Test
    void groups_by_reason_with_what_differs_between_messages_aside_biggest_first() {
        assertThat(vm.groups()).extracting(g -> g.deliveries().size() + " " + g.reason()).containsExactly(
                "4 unknown administrative sex '…' in PID-# (transform.js:#)", "2 the receiver rejected the message (AR): no such ward");
        assertThat(vm.groups().getFirst().interfaces()).isEqualTo(2);
        assertThat(vm.summaryProperty().get()).isEqualTo("6 quarantined deliveries in 2 interface(s), 2 reason(s)");
        assertThat(vm.deliveries()).hasSize(4);
    }

    @Test
    void a_group_is_resent_or_dismissed_with_a_reason_and_a_delivery_opens_its_message() {
        vm.selectedGroupProperty().set(vm.groups().get(1));
        vm.resendGroup();
        assertThat(api.calls).contains("resend [6, 5] [lab]");
        assertThat(vm.groups()).hasSize(1);
        vm.dismissGroup();
        assertThat(api.calls).noneMatch(c -> c.startsWith("dismiss"));
        dialogs.answer("typed in by hand");
        vm.dismissGroup();
        assertThat(api.calls).contains("dismiss [4, 3, 2, 1] typed in by hand");
        assertThat(vm.summaryProperty().get()).isEqualTo("Nothing is quarantined.");
        vm.open(null);
        assertThat(navigator.went).isEmpty();
    }

    @Test
    void pages_are_read_until_the_end_and_a_new_quarantine_marks_the_list_out_of_date() {
        assertThat(api.calls).filteredOn(c -> c.startsWith("quarantine")).hasSize(1);
        assertThat(vm.moreProperty().get()).isFalse();
        session.live().event(5, new EngineEvent.Delivery(7, "adt-in", "lab", "quarantined", 3));
        assertThat(vm.stale()).isTrue();
        assertThat(vm.messageProperty().get()).contains("Refresh");
    }
}
