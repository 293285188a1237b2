package io.ductus.format.ack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7ParseException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Hl7AckTest {

    private static final ZonedDateTime NOW = ZonedDateTime.of(2026, 11, 29, 23, 40, 5, 123_000_000, ZoneOffset.UTC);
    private static final String ADT = "MSH|^~\\&|EPIC|GOOD HEALTH|LAB|LABFAC|20260101120000||ADT^A01^ADT_A01|MSG00001|P|2.5.1\r"
            + "PID|1||12345^^^MRN||DOE^JANE\r";

    @Test
    void reads_delimiters_and_header_fields() throws Exception {
        Hl7Header h = Hl7Header.read(bytes(ADT));
        assertThat(h.fieldSeparator()).isEqualTo('|');
        assertThat(h.encodingCharacters()).isEqualTo("^~\\&");
        assertThat(h.field(3)).hasValue("EPIC");
        assertThat(h.controlId()).hasValue("MSG00001");
        assertThat(h.component(9, 2)).hasValue("A01");
        assertThat(h.version()).hasValue("2.5.1");
        assertThat(h.field(13)).isEmpty();
    }

    @Test
    void builds_an_ack_that_swaps_sender_and_receiver_and_names_the_control_id() throws Exception {
        byte[] ack = Hl7Ack.build(Hl7Header.read(bytes(ADT)), AckCode.AA, "", "ACK1", NOW);
        assertThat(new String(ack, StandardCharsets.ISO_8859_1)).isEqualTo(
                "MSH|^~\\&|LAB|LABFAC|EPIC|GOOD HEALTH|20261129234005.123+0000||ACK^A01|ACK1|P|2.5.1\r"
                        + "MSA|AA|MSG00001\r");
    }

    @Test
    void keeps_unusual_delimiters_and_a_five_character_msh_2() throws Exception {
        String msg = "MSH#$~\\&%#A#B#C#D#2026##ORM$O01#X9#P#2.7\r";
        Hl7Header h = Hl7Header.read(bytes(msg));
        assertThat(h.encodingCharacters()).isEqualTo("$~\\&%");
        byte[] ack = Hl7Ack.build(h, AckCode.AE, "store # failed", "K", NOW);
        assertThat(new String(ack, StandardCharsets.ISO_8859_1)).startsWith("MSH#$~\\&%#C#D#A#B#")
                .contains("#ACK$O01#K#P#2.7\r").contains("MSA#AE#X9#store \\F\\ failed\r");
    }

    @Test
    void reads_back_the_code_control_id_and_reason() throws Exception {
        byte[] ack = Hl7Ack.build(Hl7Header.read(bytes(ADT)), AckCode.AR, "not HL7: no MSH", "A2", NOW);
        Hl7Ack.Reply reply = Hl7Ack.read(ack);
        assertThat(reply.code()).isEqualTo(AckCode.AR);
        assertThat(reply.controlId()).isEqualTo("MSG00001");
        assertThat(reply.text()).hasValue("not HL7: no MSH");
    }

    @Test
    void rejects_unreadable_input_with_standard_delimiters() throws Exception {
        Hl7Ack.Reply reply = Hl7Ack.read(Hl7Ack.rejectUnreadable("the message is empty", "A3", NOW));
        assertThat(reply.code()).isEqualTo(AckCode.AR);
        assertThat(reply.text()).hasValue("the message is empty");
    }

    @Test
    void an_ar_for_an_unreadable_header_names_the_control_id_it_still_finds() throws Exception {
        byte[] odd = "MSH|^~|SND|F|RCV|F|2026||ADT^A01|CTRL42|P|2.5\rPID|1\r".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(Hl7Header.controlIdOf(odd)).hasValue("CTRL42");
        Hl7Ack.Reply reply = Hl7Ack.read(Hl7Ack.rejectUnreadable("MSH-2 is odd", Hl7Header.controlIdOf(odd).orElse(""), "A4", NOW));
        assertThat(reply.code()).isEqualTo(AckCode.AR);
        assertThat(reply.controlId()).isEqualTo("CTRL42");
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            'PID|1||x',                       ''
            'MSH|^~|A|B|C',                   ''
            'MSH|^~\\&|A|B|C|D|T||ADT|',     ''
            'MSH|^~\\&|A|B|C|D|T||ADT|X1',   X1
            'MSH#^~\\&#A#B#C#D#T##ADT#X2#P', X2
            """)
    void finds_msh_10_in_input_it_cannot_read_as_a_header(String input, String controlId) {
        assertThat(Hl7Header.controlIdOf(input.getBytes(StandardCharsets.ISO_8859_1)).orElse("")).isEqualTo(controlId == null ? "" : controlId);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", textBlock = """
            ''                         => the message is empty
            PID|1||x                   => an HL7 message starts with MSH, this one with 'PID|1||x'
            MSH                        => MSH ends before MSH-1 (the field separator)
            MSHH0abcdefg               => MSH-1 (the field separator) is 'H'
            MSH|^~|A|B|C               => MSH-2 (the encoding characters) must be 4 or 5 characters
            """)
    void says_what_is_wrong_with_input_that_is_not_hl7(String input, String reason) {
        assertThatThrownBy(() -> Hl7Header.read(bytes(input))).isInstanceOf(Hl7ParseException.class)
                .hasMessageContaining(reason);
    }

    @ParameterizedTest
    @CsvSource({"AA,AA", "CA,AA", "AE,AE", "CE,AE", "AR,AR", "CR,AR"})
    void reads_original_and_enhanced_codes(String written, AckCode meaning) {
        assertThat(AckCode.of(written)).hasValue(meaning);
    }

    @Test
    void an_ae_carries_its_whole_reason_escaped_in_msa_3_and_err_8() throws Exception {
        String reason = "storing failed: disk | full ^ of ~ \\ logs & more " + "x".repeat(300) + " END";
        byte[] ack = Hl7Ack.build(Hl7Header.read(bytes(ADT)), AckCode.AE, reason, "A1", NOW);
        String text = new String(ack, StandardCharsets.ISO_8859_1);
        String escaped = "storing failed: disk \\F\\ full \\S\\ of \\R\\ \\E\\ logs \\T\\ more " + "x".repeat(300) + " END";
        assertThat(text).contains("\rMSA|AE|MSG00001|" + escaped + "\r")
                .endsWith("\rERR|||207^Application internal error^HL70357|E||||" + escaped + "\r");
        assertThat(Hl7Ack.read(ack).text()).hasValue(reason);

        ca.uhn.hl7v2.model.v251.message.ACK hapi = (ca.uhn.hl7v2.model.v251.message.ACK)
                new ca.uhn.hl7v2.parser.PipeParser().parse(text);
        assertThat(hapi.getMSA().getTextMessage().getValue()).isEqualTo(reason);
        assertThat(hapi.getERR().getUserMessage().getValue()).isEqualTo(reason);
    }

    @Test
    void an_ar_of_a_v2_3_message_names_the_reason_in_err_1() throws Exception {
        String v23 = ADT.replace("|P|2.5.1", "|P|2.3");
        byte[] ack = Hl7Ack.build(Hl7Header.read(bytes(v23)), AckCode.AR, "PID-3 & PID-5 empty", "A1", NOW);
        assertThat(new String(ack, StandardCharsets.ISO_8859_1))
                .endsWith("\rMSA|AR|MSG00001|PID-3 \\T\\ PID-5 empty\rERR|^^^207&PID-3 \\T\\ PID-5 empty&HL70357\r");
    }

    @Test
    void an_aa_has_no_err() throws Exception {
        byte[] ack = Hl7Ack.build(Hl7Header.read(bytes(ADT)), AckCode.AA, "", "A1", NOW);
        assertThat(new String(ack, StandardCharsets.ISO_8859_1)).doesNotContain("ERR");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
