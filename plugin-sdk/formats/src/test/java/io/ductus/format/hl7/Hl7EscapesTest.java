package io.ductus.format.hl7;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Hl7EscapesTest {

    private static final Delimiters STANDARD = Delimiters.of('|', "^~\\&");
    private static final Delimiters TRUNCATING = Delimiters.of('|', "^~\\&#");

    @ParameterizedTest
    @CsvSource(delimiter = '=', quoteCharacter = '"', textBlock = """
            a\\F\\b            = a|b
            a\\S\\b            = a^b
            a\\T\\b            = a&b
            a\\R\\b            = a~b
            C:\\E\\dir         = C:\\dir
            \\E\\\\E\\         = \\\\
            x\\\\y             = xy
            \\F\\\\S\\\\T\\    = |^&
            """)
    void decodes_the_separator_and_escape_sequences(String raw, String value) {
        assertThat(Hl7Escapes.decode(raw, STANDARD)).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '=', quoteCharacter = '"', textBlock = """
            line\\X0D0A\\next  = "line\r\nnext"
            \\X0d\\\\X0a\\     = "\r\n"
            \\XB5\\mol         = µmol
            """)
    void decodes_hexadecimal_characters(String raw, String value) {
        assertThat(Hl7Escapes.decode(raw, STANDARD)).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\\.br\\b", "\\H\\bold\\N\\", "\\.sp2\\", "\\.in+4\\", "\\Cxxyy\\", "\\M2442\\", "\\Zlocal\\",
            "\\X0\\", "\\XZZ\\", "\\Q\\", "open \\F", "trailing\\", "\\P\\"})
    void keeps_formatting_charset_local_unknown_and_unclosed_sequences_as_written(String raw) {
        assertThat(Hl7Escapes.decode(raw, STANDARD)).isEqualTo(raw);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '=', textBlock = """
            \\P\\ = #
            a#b  = a#b
            """)
    void decodes_the_truncation_character_when_msh_2_declares_one(String raw, String value) {
        assertThat(Hl7Escapes.decode(raw, TRUNCATING)).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '=', quoteCharacter = '"', textBlock = """
            a|b^c&d~e\\f = a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f
            plain text   = plain text
            """)
    void encodes_separators_and_the_escape_character(String value, String raw) {
        assertThat(Hl7Escapes.encode(value, STANDARD)).isEqualTo(raw);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a|b", "x\r\ny", "50# bag", "\\.br\\ is text here", "µ ~ & ^", ""})
    void what_it_encodes_decodes_to_the_same_value(String value) {
        assertThat(Hl7Escapes.decode(Hl7Escapes.encode(value, TRUNCATING), TRUNCATING)).isEqualTo(value);
        assertThat(Hl7Escapes.encode(value, TRUNCATING)).doesNotContain("\r", "\n", "|", "^", "~", "&", "#");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '=', textBlock = """
            a!b = a\\S\\b
            a^b = a^b
            """)
    void uses_the_delimiters_the_message_declares(String value, String raw) {
        assertThat(Hl7Escapes.encode(value, Delimiters.of('#', "!*\\$"))).isEqualTo(raw);
    }
}
