package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;

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
}
