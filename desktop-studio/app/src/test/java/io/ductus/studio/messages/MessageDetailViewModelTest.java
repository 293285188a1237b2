package io.ductus.studio.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.Me;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.QueuedTaskExecutor;
import io.ductus.studio.testing.RecordingNavigator;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageDetailViewModelTest {

    static final String ADT = "MSH|^~\\&|ADMIT|GEN|DUCTUS|LAB|20261201083000||ADT^A01|MSG1|P|2.5\rPID|1||MRN1||DOE^JANE||19700101|X\r";

    private final FakeApi api = new FakeApi();
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final RecordingNavigator navigator = new RecordingNavigator();
    private ServerSession session;
    private MessageDetailViewModel vm;

    MessageDetailViewModelTest() {
        api.message(7, "adt-in", "quarantined", ADT, FakeApi.delivery("archive", "sent", null),
                FakeApi.delivery("lab", "quarantined", "the receiver rejected the message (AR): unknown sex X"));
        open();
    }

    private void open() {
        session = Sessions.of(api, dialogs);
        vm = new MessageDetailViewModel(session, navigator, new Hl7TreeReader(), Hl7Dictionary.standard());
        vm.show(7);
    }

    @Test
    void shows_the_keys_and_deliveries_and_reads_the_payload_only_when_asked_saying_it_is_audited() {
        assertThat(vm.headerProperty().get()).isEqualTo("Message 7 · adt-in · quarantined");
        assertThat(vm.factsProperty().get()).contains("key MRN7").contains("origin remote=10.1.2.3:5000");
        assertThat(vm.deliveries()).extracting(d -> d.destination() + " " + d.status()).containsExactly("archive sent", "lab quarantined");
        assertThat(api.calls).noneMatch(c -> c.startsWith("payload"));
        assertThat(vm.auditNoticeProperty().get()).contains("audit log");
        vm.showPayload();
        assertThat(api.calls).contains("payload 7");
        assertThat(vm.readableProperty().get().kind()).isEqualTo(PayloadFormat.Kind.HL7);
        assertThat(vm.tree().rootProperty().get().find("PID-8").value()).isEqualTo("X");
        assertThat(vm.highlightsProperty().get()).isNotEmpty();
        assertThat(vm.auditNoticeProperty().get()).startsWith("You read this payload");
    }

    @Test
    void without_the_payloads_permission_the_contents_stay_hidden_and_a_refusal_is_explained() {
        api.me = new Me("token:viewer", "token", null, "viewer", "viewer", List.of(), false);
        open();
        assertThat(vm.mayReadPayloads()).isFalse();
        assertThat(vm.auditNoticeProperty().get()).contains("no payloads permission");
        vm.showPayload();
        assertThat(vm.statusProperty().get()).isEqualTo("Not allowed: getMessagePayload needs viewer + payloads; you are viewer");
        assertThat(vm.payloadShownProperty().get()).isFalse();
    }

    @Test
    void resend_asks_first_then_sends_the_quarantined_deliveries_and_reads_the_message_again() {
        dialogs.answer(false);
        vm.resend();
        assertThat(api.calls).noneMatch(c -> c.startsWith("resend"));
        vm.resend();
        assertThat(dialogs.asked.getLast()).startsWith("Resend message 7: Its 1 quarantined delivery goes back to pending, in place");
        assertThat(api.calls).contains("resend [7] []");
        assertThat(vm.deliveries()).extracting(d -> d.destination() + " " + d.status()).containsExactly("archive sent", "lab pending");
    }

    @Test
    void a_destination_can_be_sent_to_again_whatever_it_ended_as() {
        vm.selectedDeliveryProperty().set(vm.deliveries().getFirst());
        vm.resendToSelected();
        assertThat(api.calls).contains("resend [7] [archive]");
    }

    @Test
    void dismiss_needs_the_reason_the_api_asks_for() {
        vm.dismiss();
        assertThat(api.calls).noneMatch(c -> c.startsWith("dismiss"));
        dialogs.answer("sent by phone");
        vm.dismiss();
        assertThat(api.calls).contains("dismiss [7] sent by phone");
        assertThat(vm.statusProperty().get()).isEqualTo("Dismissed: sent by phone");
    }

    @Test
    void an_edit_sends_a_corrected_copy_with_its_line_breaks_and_shows_the_copy() {
        vm.startEdit();
        assertThat(vm.statusProperty().get()).startsWith("Show the payload first");
        vm.showPayload();
        vm.startEdit();
        assertThat(vm.editTextProperty().get()).doesNotContain("\r").contains("\nPID|");
        vm.editTextProperty().set(vm.editTextProperty().get().replace("|X\n", "|F\n"));
        vm.sendEdit();
        assertThat(api.calls).contains("edit 7 [lab]");
        assertThat(api.payloads.get(8L)).isEqualTo(ADT.replace("|X\r", "|F\r"));
        assertThat(navigator.went).containsExactly("message 8");
        assertThat(vm.editingProperty().get()).isFalse();
    }

    @Test
    void a_delivery_event_for_the_shown_message_reads_it_again() {
        api.resend(new io.ductus.client.model.Resend(List.of(7L), null));
        session.live().event(3, new EngineEvent.Delivery(99, "adt-in", "lab", "sent", 1));
        assertThat(vm.deliveries().get(1).status()).isEqualTo("quarantined");
        session.live().event(4, new EngineEvent.Delivery(7, "adt-in", "lab", "retry", 2));
        assertThat(vm.deliveries().get(1).status()).isEqualTo("pending");
    }

    @Test
    void leaving_an_unsent_edit_asks_first() {
        api.message(9, "adt-in", "sent", ADT);
        vm.showPayload();
        vm.startEdit();
        dialogs.answer(false);
        vm.show(9);
        assertThat(vm.messageProperty().get().id()).isEqualTo(7);
        assertThat(vm.editingProperty().get()).isTrue();
    }

    @Test
    void the_message_asked_for_last_is_the_one_shown_and_tried_whatever_order_the_reads_answer_in() {
        api.message(8, "adt-in", "sent", ADT.replace("DOE^JANE", "ROE^ANN"), FakeApi.delivery("archive", "sent", null));
        QueuedTaskExecutor tasks = new QueuedTaskExecutor();
        vm = new MessageDetailViewModel(Sessions.of(api, dialogs, tasks), navigator, new Hl7TreeReader(), Hl7Dictionary.standard());
        vm.show(7);
        tasks.runAll();
        vm.show(8); // the browser selected 7 (its newest), then the user chose 8: 7's payload and 8 are read at once
        assertThat(vm.messageProperty().get()).as("nothing shown while 8 is read, so no action can take 7 for it").isNull();
        assertThat(vm.headerProperty().get()).isEqualTo("Message 8 · reading…");
        vm.trySample();
        assertThat(navigator.went).isEmpty();
        vm.show(7);
        vm.show(8);
        assertThat(tasks.queued()).as("the reads of the messages asked for before are called off").isEqualTo(1);
        tasks.runAll();
        assertThat(vm.messageProperty().get().id()).isEqualTo(8);
        vm.trySample();
        assertThat(navigator.went).containsExactly("try 8 in adt-in");
    }
}
