package io.ductus.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ActionRequestsTest {

    @Test
    void a_resend_takes_up_to_500_messages() {
        List<Long> ids = LongStream.rangeClosed(1, 500).boxed().toList();
        assertThat(ResendRequest.quarantined(ids).messageIds()).hasSize(500);
        List<Long> tooMany = LongStream.rangeClosed(1, 501).boxed().toList();
        assertThatThrownBy(() -> ResendRequest.quarantined(tooMany)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 500");
        assertThatThrownBy(() -> ResendRequest.quarantined(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void an_action_refuses_a_message_named_twice() {
        assertThatThrownBy(() -> ResendRequest.quarantined(List.of(1L, 1L))).hasMessageContaining("repeat");
    }

    @Test
    void a_dismissal_needs_a_reason_and_names_who_dismissed() {
        assertThatThrownBy(() -> new DismissRequest(List.of(1L), Set.of(), " ", "alice"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason");
        assertThat(new DismissRequest(List.of(1L), Set.of(), "sent by fax ", "alice").lastError())
                .isEqualTo("dismissed by alice: sent by fax");
        assertThat(new DismissRequest(List.of(1L), Set.of(), "sent by fax", null).lastError())
                .isEqualTo("dismissed: sent by fax");
    }

    @Test
    void an_edit_names_its_copy_on_the_original() {
        EditRequest edit = new EditRequest(7, new byte[0], "UTF-8", null, 0, Set.of(), "bob");
        assertThat(edit.lastError(12)).isEqualTo("replaced by edited copy 12 (edited by bob)");
    }
}
