package io.ductus.core.lane;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.DestinationTransform;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Ordering;
import io.ductus.core.project.Retry;
import io.ductus.core.project.SourceDefinition;
import io.ductus.format.hl7.Hl7Input;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.store.Durability;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PayloadKeysTest {

    private static final String ADT = "MSH|^~\\&|A|B|C|D|20260101||ADT^A01|CTRL1|P|2.5.1|||||%s\rPID|1||%s^^^MRN||DOE\r";

    @ParameterizedTest
    @CsvSource(delimiterString = "|", nullValues = "-", textBlock = """
            hl7  | -          | -       | Müller | UTF-8
            hl7  | -          | 8859/1  | Müller | ISO-8859-1
            hl7  | ISO-8859-1 | -       | x      | ISO-8859-1
            csv  | -          | -       | x      | UTF-8
            csv  | ISO-8859-1 | -       | x      | ISO-8859-1
            """)
    void chooses_the_charset_a_message_is_stored_with(String format, String setting, String msh18, String mrn, String stored) {
        Charset payloadCharset = msh18 == null ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
        byte[] payload = String.format(ADT, msh18 == null ? "" : msh18, mrn).getBytes(payloadCharset);
        PayloadKeys keys = PayloadKeys.read(definition(Format.valueOf(format.toUpperCase())), payload,
                setting == null ? null : Charset.forName(setting), Optional.empty());
        assertThat(keys.charset().name()).isEqualTo(stored);
        assertThat(keys.unreadable()).isEmpty();
    }

    @Test
    void reads_the_ordering_key_in_the_charset_chosen() {
        byte[] payload = String.format(ADT, "8859/1", "Müller").getBytes(StandardCharsets.ISO_8859_1);
        PayloadKeys keys = PayloadKeys.read(definition(Format.HL7), payload, null, Optional.empty());
        assertThat(keys.keys().orderingKey()).hasValue("Müller");
        assertThat(keys.keys().dedupeKey()).hasValue("CTRL1");
        assertThat(keys.keys().lane()).isEqualTo(Lanes.laneOf("Müller", 8));
    }

    @Test
    void bytes_that_are_not_utf_8_are_kept_as_iso_8859_1() {
        byte[] payload = String.format(ADT, "", "M\u00fcller").getBytes(StandardCharsets.ISO_8859_1);
        assertThat(PayloadKeys.read(definition(Format.HL7), payload, null, Optional.empty()).charset()).isEqualTo(StandardCharsets.ISO_8859_1);
    }

    @Test
    void a_message_whose_keys_cannot_be_read_goes_to_lane_zero_with_the_reason() {
        byte[] payload = "MSH|^~\\&|A|B|C|D|20260101||ADT^A01|CTRL1|P|2.5.1\rpid|1||77\r".getBytes(StandardCharsets.US_ASCII);
        PayloadKeys keys = PayloadKeys.read(definition(Format.HL7), payload, null, Optional.empty());
        assertThat(keys.keys()).isEqualTo(new IntakeKeys(Optional.empty(), 0, Optional.empty()));
        assertThat(keys.unreadable()).hasValueSatisfying(why -> assertThat(why).contains("lane 0").contains("segment 2"));
    }

    @Test
    void reads_on_from_what_the_source_read_instead_of_parsing_again() throws Exception {
        byte[] payload = String.format(ADT, "", "77").getBytes(StandardCharsets.US_ASCII);
        Hl7Input received = Hl7Input.read(payload);
        PayloadKeys keys = PayloadKeys.read(definition(Format.HL7), payload, null, Optional.of(received));
        Hl7Message parsed = received.message(null);
        assertThat(keys.keys().orderingKey()).hasValue("77");
        assertThat(received.message(null)).isSameAs(parsed); // parsed once, by the intake, from the source's reading
    }

    private static InterfaceDefinition definition(Format format) {
        return new InterfaceDefinition("adt", SourceDefinition.INTERNAL, format, Optional.empty(), Durability.STRICT,
                new Ordering(Optional.of("PID-3.1"), 8), Optional.of("MSH-10"), Map.of("out", new DestinationDefinition("out", "file",
                        Map.of("path", "x"), DestinationTransform.DEFAULT, format, Retry.FOREVER, false)));
    }
}
