package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Message;
import io.ductus.store.DestinationRef;
import io.ductus.store.PendingDelivery;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A template's HL7 fields: a field of MSH from the header alone, the same value as the parsed message gives. */
class StoredOutboundTest {

    private static final String MESSAGE = "MSH|^~\\&|LAB\\T\\EAST|Zürich|C|D|20260101||ORU^R01|ID\\F\\7|P|2.5.1|||||UNICODE UTF-8\r"
            + "PID|1||77^^^MRN||DOE^JANE\r";

    @ParameterizedTest
    @CsvSource({"MSH-10, UTF-8", "MSH-3, UTF-8", "MSH-4, UTF-8", "MSH-9.2, UTF-8", "MSH-2, UTF-8", "MSH-4, ISO-8859-1",
            "PID-5.2, UTF-8", "PID-3.1, ISO-8859-1", "MSH-30, UTF-8"})
    void reads_a_field_as_the_parsed_message_does(String path, String charsetName) throws Exception {
        Charset charset = Charset.forName(charsetName);
        byte[] payload = MESSAGE.getBytes(charset);
        StoredOutbound outbound = new StoredOutbound(new PendingDelivery(1, new DestinationRef("lab", "out"), 0, 0, null, 0,
                payload, charsetName, null, null), payload, charsetName);
        String expected = Hl7Message.parse(new String(payload, charset)).get(path);
        assertThat(outbound.field(path).orElse("")).isEqualTo(expected);
        if (path.equals("MSH-4")) assertThat(expected).isEqualTo("Zürich");
        if (path.equals("MSH-3")) assertThat(expected).isEqualTo("LAB&EAST");
    }

    @ParameterizedTest
    @CsvSource({"not a path", "PID-0"})
    void a_path_that_is_no_path_has_no_value(String path) {
        byte[] payload = MESSAGE.getBytes(StandardCharsets.UTF_8);
        StoredOutbound outbound = new StoredOutbound(new PendingDelivery(1, new DestinationRef("lab", "out"), 0, 0, null, 0,
                payload, "UTF-8", null, null), payload, "UTF-8");
        assertThat(outbound.field(path)).isEmpty();
    }
}
