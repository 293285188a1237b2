package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Hl7MessageTest {

    private static final String ADT = String.join("\r",
            "MSH|^~\\&|SEND|FAC|RECV|FAC|20261129120000||ADT^A01^ADT_A01|MSG0001|P|2.5.1",
            "EVN|A01|20261129120000",
            "PID|1||12345^^^HOSP^MR~67890&X&Y^^^LAB^PI||DOE^JOHN^Q||19700101|M",
            "OBX|1|ST|A||first",
            "OBX|2|ST|B||second^part&sub",
            "");

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            MSH-1        | "|"
            MSH-2        | ^~\\&
            MSH-3        | SEND
            MSH-9        | ADT^A01^ADT_A01
            MSH-9.1      | ADT
            MSH-9.2      | A01
            MSH-10       | MSG0001
            MSH-12       | 2.5.1
            PID-3        | 12345^^^HOSP^MR~67890&X&Y^^^LAB^PI
            PID-3.1      | 12345
            PID-3.4      | HOSP
            PID-3(2)     | 67890&X&Y^^^LAB^PI
            PID-3(2).1   | 67890&X&Y
            PID-3(2).1.2 | X
            PID-3.1.1    | 12345
            PID-5.1      | DOE
            PID-5.2      | JOHN
            OBX-5        | first
            OBX[2]-5     | second^part&sub
            OBX[2]-5.2.2 | sub
            """)
    void reads_values_by_path(String path, String value) throws Hl7ParseException {
        assertThat(Hl7Message.parse(ADT).get(path)).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            PID-99
            PID-3(3)
            PID-3.9
            PID-3.1.5
            OBX[3]-5
            ZZZ-1
            EVN-1.2
            """)
    void absent_values_are_empty(String path) throws Hl7ParseException {
        assertThat(Hl7Message.parse(ADT).get(path)).isEmpty();
    }

    @Test
    void lists_segments_in_order() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        assertThat(message.segmentNames()).containsExactly("MSH", "EVN", "PID", "OBX", "OBX");
        assertThat(message.segment(1)).isEqualTo("EVN|A01|20261129120000");
    }

    @Test
    void splits_segments_on_cr_lf_and_crlf_alike() throws Hl7ParseException {
        String lf = ADT.replace("\r", "\n");
        String crlf = ADT.replace("\r", "\r\n");
        assertThat(Hl7Message.parse(lf).segmentNames()).isEqualTo(Hl7Message.parse(crlf).segmentNames()).hasSize(5);
        assertThat(Hl7Message.parse(crlf).get("PID-5.1")).isEqualTo("DOE");
    }

    @Test
    void keeps_the_text_exactly_as_received() throws Hl7ParseException {
        String text = ADT.replace("\r", "\r\n") + "\r\n";
        assertThat(Hl7Message.parse(text).text()).isSameAs(text);
    }

    @Test
    void reads_other_delimiters_from_msh() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse("MSH#!*%$#A#B\rPID#1##X!Y*Z$W");
        assertThat(message.delimiters()).isEqualTo(Delimiters.of('#', "!*%$"));
        assertThat(message.get("MSH-1")).isEqualTo("#");
        assertThat(message.get("MSH-2")).isEqualTo("!*%$");
        assertThat(message.get("MSH-3")).isEqualTo("A");
        assertThat(message.get("PID-3.2")).isEqualTo("Y");
        assertThat(message.get("PID-3(2).1.2")).isEqualTo("W");
    }

    @Test
    void takes_a_five_character_msh_2_with_the_truncation_character() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse("MSH|^~\\&#|A|B\rPID|1||7^^^H");
        assertThat(message.delimiters().truncation()).contains('#');
        assertThat(message.get("MSH-2")).isEqualTo("^~\\&#");
        assertThat(message.get("MSH-3")).isEqualTo("A");
        assertThat(message.get("PID-3.4")).isEqualTo("H");
    }

    @Test
    void ignores_a_byte_order_mark_and_blank_lines() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse("\uFEFF\r\nMSH|^~\\&|A\r\n\r\nPID|1||7\r\n   \r\n");
        assertThat(message.segmentNames()).containsExactly("MSH", "PID");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            "" => segment 1: the message is empty
            "  " => segment 1: the message is empty
            PID|1||7 => segment 1: an HL7 message starts with MSH, this one with 'PID|1||7'
            MSH => MSH ends before MSH-1
            MSH| => MSH-2 (the encoding characters, usually ^~\\&) is missing
            MSH||A|B => MSH-2 (the encoding characters, usually ^~\\&) is missing
            MSHH0 => MSH-1 (the field separator) is 'H'
            MSH|^~|A => must be 4 or 5 characters
            MSH|^~^&|A => twice
            MSH|^~\\&|A\\rpid|1 => segment 2: 'pid|1' is not a segment
            MSH|^~\\&|A\\rPID-1 => segment 2: 'PID-1' is not a segment
            """)
    void refuses_what_is_not_hl7_and_names_the_segment(String text, String reason) {
        assertThatThrownBy(() -> Hl7Message.parse(text.replace("\\r", "\r")))
                .isInstanceOf(Hl7ParseException.class).hasMessageContaining(reason);
    }

    @Test
    void says_which_segment_is_wrong() {
        assertThatThrownBy(() -> Hl7Message.parse("MSH|^~\\&|A\rEVN|1\rPID|2\r\u0000\u0001X"))
                .isInstanceOfSatisfying(Hl7ParseException.class, e -> assertThat(e.segment()).isEqualTo(4))
                .hasMessageContaining("\\u0000\\u0001X");
    }

    @Test
    void refuses_encoding_characters_cut_by_a_line_break() {
        assertThatThrownBy(() -> Hl7Message.parse("MSH|^~\\\n|0|0"))
                .isInstanceOf(Hl7ParseException.class).hasMessageContaining("cut short by a line break");
    }

    @Test
    void get_decodes_escapes_and_get_raw_keeps_them() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse("MSH|^~\\&|A\rNTE|1||C:\\E\\dir \\F\\ pipe\\X0D0A\\next \\.br\\");
        assertThat(message.get("NTE-3")).isEqualTo("C:\\dir | pipe\r\nnext \\.br\\");
        assertThat(message.getRaw("NTE-3")).isEqualTo("C:\\E\\dir \\F\\ pipe\\X0D0A\\next \\.br\\");
    }

    @Test
    void set_escapes_what_would_be_read_as_structure_and_get_gives_it_back() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        message.set("PID-5.1", "O'NEIL|SMITH^JR & SONS~\\");
        assertThat(message.getRaw("PID-5.1")).isEqualTo("O'NEIL\\F\\SMITH\\S\\JR \\T\\ SONS\\R\\\\E\\");
        assertThat(message.get("PID-5.1")).isEqualTo("O'NEIL|SMITH^JR & SONS~\\");
        assertThat(message.get("PID-5.2")).isEqualTo("JOHN");
    }

    @Test
    void set_changes_only_that_value_and_every_other_byte_stays() throws Hl7ParseException {
        String text = "MSH|^~\\&|A\r\nPID|1||X\\X0d\\Y^^^H||DOE^JOHN|||\r\n\r\nOBX|1|ST|A||v\r\n";
        Hl7Message message = Hl7Message.parse(text);
        message.set("PID-5.2", "JANE");
        assertThat(message.encode()).isEqualTo(text.replace("DOE^JOHN", "DOE^JANE"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '=', textBlock = """
            PID-9         = PID|1||X||||||v
            PID-3.6       = PID|1||X^^^^^v
            PID-3(3)      = PID|1||X~~v
            PID-3(2).2.3  = PID|1||X~^&&v
            PID-2         = PID|1|v|X
            """)
    void set_adds_the_separators_a_missing_value_needs(String path, String segment) throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse("MSH|^~\\&|A\rPID|1||X");
        message.set(path, "v");
        assertThat(message.segment(1)).isEqualTo(segment);
        assertThat(message.get(path)).isEqualTo("v");
    }

    @Test
    void set_raw_keeps_the_separators_of_the_value_as_structure() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        message.setRaw("PID-5", "ROE^RICHARD");
        assertThat(message.get("PID-5.2")).isEqualTo("RICHARD");
        assertThatThrownBy(() -> message.setRaw("PID-5", "A\rB")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            MSH-1
            MSH-2
            MSH-2.1
            """)
    void the_delimiters_cannot_be_set(String path) throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        assertThatThrownBy(() -> message.set(path, "#")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delimiters");
    }

    @Test
    void setting_the_next_occurrence_of_a_segment_adds_it_at_the_end() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        message.set("ZPI-2", "x");
        message.set("OBX[3]-5", "third");
        assertThat(message.segmentNames()).containsExactly("MSH", "EVN", "PID", "OBX", "OBX", "ZPI", "OBX");
        assertThat(message.encode()).endsWith("\rZPI||x\rOBX|||||third\r");
        assertThatThrownBy(() -> message.set("OBX[9]-5", "no")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void added_segments_end_like_msh_and_a_missing_final_terminator_stays_missing() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse("MSH|^~\\&|A\r\nPID|1");
        message.addSegment("ZZ1|a");
        message.addSegment(1, "EVN|A01");
        assertThat(message.encode()).isEqualTo("MSH|^~\\&|A\r\nEVN|A01\r\nPID|1\r\nZZ1|a");
    }

    @Test
    void removes_segments_with_their_terminators() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        message.removeSegment(1);
        message.remove(message.segments("OBX").get(0));
        assertThat(message.encode()).isEqualTo(ADT.replace("EVN|A01|20261129120000\r", "").replace("OBX|1|ST|A||first\r", ""));
        assertThatThrownBy(() -> message.removeSegment(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            pid|1
            PID-1
            MSH|^~\\&
            """)
    void refuses_to_add_what_is_not_a_segment(String segment) throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        assertThatThrownBy(() -> message.addSegment(segment)).isInstanceOf(IllegalArgumentException.class);
        assertThat(message.changed()).isFalse();
    }

    @Test
    void segments_by_name_read_and_write_relative_paths() throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(ADT);
        List<Hl7Segment> obx = message.segments("OBX");
        assertThat(obx).extracting(s -> s.get("5")).containsExactly("first", "second^part&sub");
        obx.get(1).set("5.2.2", "new");
        assertThat(message.get("OBX[2]-5")).isEqualTo("second^part&new");
        assertThat(message.changed()).isTrue();
    }

    @Test
    void writes_back_an_unchanged_message_byte_for_byte_whatever_its_terminators() throws Hl7ParseException {
        for (String text : List.of(ADT, ADT.replace("\r", "\n"), ADT.replace("\r", "\r\n"), ADT.strip(),
                "\uFEFF\r\n" + ADT + "\r\n \r\n")) {
            Hl7Message message = Hl7Message.parse(text);
            assertThat(message.encode()).isEqualTo(text);
            assertThat(message.rebuild()).isEqualTo(text);
            assertThat(message.changed()).isFalse();
        }
    }
}
