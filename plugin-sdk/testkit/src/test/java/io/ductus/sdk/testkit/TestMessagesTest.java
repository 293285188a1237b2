package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.NoLongerOwnedException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.ductus.sdk.OutboundMessage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TestMessagesTest {

    @Test
    void an_hl7_message_answers_fields_through_the_formats_parser() {
        byte[] payload = "MSH|^~\\&|LAB|F|C|D|2026||ORU^R01|C9|P|2.5\rPID|1||77^^^MRN||DOE^JANE\\T\\ANN\r".getBytes(StandardCharsets.UTF_8);
        OutboundMessage m = TestMessages.hl7(3, payload, StandardCharsets.UTF_8, Instant.EPOCH);
        assertThat(m.field("MSH-10")).hasValue("C9");
        assertThat(m.field("PID-5.2")).hasValue("JANE&ANN");
        assertThat(m.field("PID-8")).isEmpty();
        assertThat(m.field("not a path")).isEmpty();
        assertThat(TestMessages.hl7(4, "not hl7".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Instant.EPOCH)
                .field("MSH-10")).isEmpty();
    }

    @Test
    void a_plain_message_is_always_owned() {
        OutboundMessage m = TestMessages.outbound(1, new byte[0], StandardCharsets.UTF_8, Instant.EPOCH, Map.of());
        assertThatCode(m::fence).doesNotThrowAnyException();
    }

    @Test
    void a_fenced_message_refuses_once_not_owned_and_from_then_on() {
        AtomicBoolean owned = new AtomicBoolean(true);
        FencedMessage m = TestMessages.fenced(TestMessages.outbound(9, "x".getBytes(StandardCharsets.UTF_8),
                StandardCharsets.UTF_8, Instant.EPOCH, Map.of("MSH-10", "C9")), owned::get);
        m.fence();
        assertThat(m.refused()).isFalse();

        owned.set(false);
        assertThatThrownBy(m::fence).isInstanceOf(NoLongerOwnedException.class)
                .hasMessage("message 9 not sent: interface contract is no longer this engine's (another engine delivers it now)");
        owned.set(true);
        assertThatThrownBy(m::fence).isInstanceOf(NoLongerOwnedException.class);
        assertThat(m.refused()).isTrue();
        assertThat(m.checks()).isEqualTo(3);
        assertThat(m.field("MSH-10")).hasValue("C9");
        assertThat(m.payload()).isEqualTo("x".getBytes(StandardCharsets.UTF_8));
    }
}
