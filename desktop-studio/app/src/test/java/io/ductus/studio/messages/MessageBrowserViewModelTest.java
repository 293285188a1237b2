package io.ductus.studio.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.MessageSummary;
import io.ductus.format.hl7.Hl7Dictionary;
import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.server.ServerSession;
import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.RecordingNavigator;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageBrowserViewModelTest {

    private final FakeApi api = new FakeApi();
    private final ServerSession session;
    private final MessageBrowserViewModel vm;

    MessageBrowserViewModelTest() {
        for (long id = 1; id <= 120; id++) {
            api.message(id, id % 2 == 0 ? "adt-in" : "orders-in", id % 10 == 0 ? "quarantined" : "sent", "MSH|^~\\&|A|" + id + "\r");
        }
        session = Sessions.of(api, new ScriptedDialogs());
        vm = new MessageBrowserViewModel(session, new MessageDetailViewModel(session, new RecordingNavigator(), new Hl7TreeReader(),
                Hl7Dictionary.standard()));
    }

    @Test
    void the_first_search_is_the_last_24_hours_newest_first_and_selects_the_newest() {
        vm.search();
        assertThat(api.calls.stream().filter(c -> c.startsWith("messages")).findFirst().orElseThrow())
                .contains("from=" + session.clock().instant().minusSeconds(86400)).contains("before=null").contains("limit=50");
        assertThat(vm.messages()).hasSize(50).first().extracting(MessageSummary::id).isEqualTo(120L);
        assertThat(vm.selectedProperty().get().id()).isEqualTo(120);
        assertThat(vm.detail().headerProperty().get()).isEqualTo("Message 120 · adt-in · quarantined");
        assertThat(vm.pageTextProperty().get()).isEqualTo("page 1 · messages 1–50");
    }

    @Test
    void pages_go_older_and_back_newer_from_where_each_started() {
        vm.search();
        vm.nextPage();
        assertThat(vm.messages().getFirst().id()).isEqualTo(70);
        vm.nextPage();
        assertThat(vm.messages()).extracting(MessageSummary::id).startsWith(20L).endsWith(1L);
        assertThat(vm.hasNextProperty().get()).isFalse();
        assertThat(vm.pageTextProperty().get()).isEqualTo("page 3 · messages 101–120");
        vm.previousPage();
        assertThat(vm.messages().getFirst().id()).isEqualTo(70);
        vm.previousPage();
        assertThat(vm.messages().getFirst().id()).isEqualTo(120);
        assertThat(vm.hasPreviousProperty().get()).isFalse();
    }

    @Test
    void a_dashboard_count_filters_by_interface_and_status_over_any_time() {
        vm.filter("adt-in", "quarantined");
        assertThat(vm.messages()).extracting(MessageSummary::id).containsExactly(120L, 110L, 100L, 90L, 80L, 70L, 60L, 50L, 40L, 30L, 20L, 10L);
        assertThat(vm.windowProperty().get()).isEqualTo(TimeWindow.ANY);
    }

    @Test
    void text_search_and_a_custom_window_are_sent_and_a_bad_instant_is_named() {
        vm.textProperty().set("|7\r");
        vm.search();
        assertThat(vm.messages()).extracting(MessageSummary::id).containsExactly(7L);
        vm.windowProperty().set(TimeWindow.CUSTOM);
        vm.customFromProperty().set("yesterday");
        vm.search();
        assertThat(vm.messageProperty().get()).startsWith("Between: yesterday is not an instant");
    }

    @Test
    void new_messages_are_counted_while_reading_never_jumped_to() {
        vm.filter("adt-in", null);
        long first = vm.messages().getFirst().id();
        session.live().event(1, new EngineEvent.Received(121, "orders-in", false));
        session.live().event(2, new EngineEvent.Received(122, "adt-in", false));
        assertThat(vm.newArrivalsProperty().get()).isEqualTo(1);
        assertThat(vm.messages().getFirst().id()).isEqualTo(first);
    }

    @Test
    void a_message_read_again_updates_its_row() {
        vm.filter("adt-in", "quarantined");
        api.resend(new io.ductus.client.model.Resend(List.of(120L), null));
        vm.detail().show(120);
        assertThat(vm.messages().getFirst().status()).isEqualTo("pending");
    }
}
