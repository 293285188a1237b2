package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.hl7.Hl7Charsets.Reason;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Hl7CharsetsTest {

    private static byte[] withMsh18(String msh18, String value, Charset charset) {
        return ("MSH|^~\\&|A|B|C|D|20260101||ADT^A01|1|P|2.5||||||" + msh18 + "\rPID|1||" + value + "\r").getBytes(charset);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ASCII          | US-ASCII
            8859/1         | ISO-8859-1
            8859/2         | ISO-8859-2
            8859/15        | ISO-8859-15
            UNICODE UTF-8  | UTF-8
            UNICODE        | UTF-8
            unicode utf-8  | UTF-8
            ISO IR100      | ISO-8859-1
            GB 18030-2000  | GB18030
            BIG-5          | Big5
            KS X 1001      | EUC-KR
            ISO IR87       | ISO-2022-JP
            UTF-8          | UTF-8
            windows-1252   | windows-1252
            """)
    void maps_hl7_charset_names_to_java_charsets(String hl7, String java) {
        assertThat(Hl7Charsets.forHl7Name(hl7)).contains(Charset.forName(java));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "KLINGON", "8859/99", "UNICODE UTF-99"})
    void knows_no_charset_for_unknown_names(String name) {
        assertThat(Hl7Charsets.forHl7Name(name)).isEmpty();
    }

    @Test
    void reads_the_charset_msh_18_declares() {
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(withMsh18("8859/1", "µmol", StandardCharsets.ISO_8859_1), null);
        assertThat(decoded.charset()).isEqualTo(StandardCharsets.ISO_8859_1);
        assertThat(decoded.reason()).isEqualTo(Reason.MSH_18);
        assertThat(decoded.text()).contains("PID|1||µmol");
    }

    @Test
    void uses_the_first_repetition_of_msh_18() {
        assertThat(Hl7Charsets.decode(withMsh18("8859/1~ISO IR87", "x", StandardCharsets.ISO_8859_1), null).charset())
                .isEqualTo(StandardCharsets.ISO_8859_1);
    }

    @Test
    void the_source_setting_wins_over_msh_18() {
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(withMsh18("8859/1", "µ", StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        assertThat(decoded.reason()).isEqualTo(Reason.SOURCE_SETTING);
        assertThat(decoded.text()).contains("PID|1||µ");
    }

    @Test
    void without_msh_18_reads_utf_8() {
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(withMsh18("", "µ", StandardCharsets.UTF_8), null);
        assertThat(decoded.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(decoded.reason()).isEqualTo(Reason.DEFAULT);
    }

    @Test
    void bytes_that_are_not_utf_8_and_declare_nothing_are_read_as_iso_8859_1_and_written_back_the_same() {
        byte[] bytes = withMsh18("", "µ", StandardCharsets.ISO_8859_1);
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(bytes, null);
        assertThat(decoded.reason()).isEqualTo(Reason.NOT_UTF_8);
        assertThat(decoded.text().getBytes(decoded.charset())).isEqualTo(bytes);
    }

    @Test
    void an_unknown_msh_18_falls_back_to_the_default() {
        assertThat(Hl7Charsets.decode(withMsh18("KLINGON", "x", StandardCharsets.UTF_8), null).reason()).isEqualTo(Reason.DEFAULT);
    }

    @Test
    void a_utf_16_name_in_ascii_bytes_is_not_believed() {
        assertThat(Hl7Charsets.decode(withMsh18("UNICODE UTF-16", "x", StandardCharsets.UTF_8), null).charset())
                .isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void a_utf_8_byte_order_mark_means_utf_8_and_stays_in_the_text() {
        byte[] bytes = ("\uFEFF" + new String(withMsh18("8859/1", "µ", StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(bytes, null);
        assertThat(decoded.reason()).isEqualTo(Reason.BYTE_ORDER_MARK);
        assertThat(decoded.text()).startsWith("\uFEFFMSH");
    }

    @Test
    void the_latin_1_corpus_message_is_read_by_its_msh_18() throws Hl7ParseException {
        byte[] bytes = HapiOracle.bytes("ORU_R01_v2.5.1_derived-latin1-micro.hl7");
        Hl7Charsets.Decoded decoded = Hl7Charsets.decode(bytes, null);
        assertThat(decoded.charset()).isEqualTo(StandardCharsets.ISO_8859_1);
        Hl7Message message = Hl7Message.parse(decoded.text());
        assertThat(message.get("MSH-18")).isEqualTo("8859/1");
        assertThat(message.encode(decoded.charset())).isEqualTo(bytes);
        assertThat(decoded.text()).contains("µ");
    }
}
