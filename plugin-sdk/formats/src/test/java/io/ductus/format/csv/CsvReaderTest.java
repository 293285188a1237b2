package io.ductus.format.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvReaderTest {

    @Test
    void quoted_fields_hold_commas_doubled_quotes_and_line_breaks() throws CsvParseException {
        List<CsvRecord> records = CsvReader.read("a,\"b, c\",\"say \"\"hi\"\"\",\"two\r\nlines\"\nnext,,\"\"\n");
        assertThat(records).extracting(CsvRecord::fields).containsExactly(
                List.of("a", "b, c", "say \"hi\"", "two\r\nlines"),
                List.of("next", "", ""));
    }

    @Test
    void records_know_their_first_line_and_their_line_break() throws CsvParseException {
        List<CsvRecord> records = CsvReader.read("a,\"x\ny\"\r\nb\rc");
        assertThat(records).containsExactly(
                new CsvRecord(1, List.of("a", "x\ny"), "\r\n"),
                new CsvRecord(3, List.of("b"), "\r"),
                new CsvRecord(4, List.of("c"), ""));
    }

    @Test
    void empty_lines_and_a_byte_order_mark_add_nothing() throws CsvParseException {
        assertThat(CsvReader.read("\uFEFFa,b\n\n1,2\n\n")).extracting(CsvRecord::fields)
                .containsExactly(List.of("a", "b"), List.of("1", "2"));
        assertThat(CsvReader.read("")).isEmpty();
    }

    @Test
    void a_trailing_comma_is_an_empty_last_field() throws CsvParseException {
        assertThat(CsvReader.read("a,\nb,")).extracting(CsvRecord::fields)
                .containsExactly(List.of("a", ""), List.of("b", ""));
    }

    @Test
    void quotes_inside_unquoted_fields_are_kept_as_written() throws CsvParseException {
        assertThat(CsvReader.read("'Labs Inc',5\" tall\n").getFirst().fields()).containsExactly("'Labs Inc'", "5\" tall");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            'a\\n"open'                | line 2, column 1: the quoted field that starts here has no closing quote
            '"closed"x,y'              | line 1, column 9: 'x' after a closing quote
            'a,b\\n"one\\ntwo" ,c'     | line 3, column 5: ' ' after a closing quote
            """)
    void refuses_broken_quoting_naming_line_and_column(String text, String message) {
        assertThatThrownBy(() -> CsvReader.read(text.replace("\\n", "\n")))
                .isInstanceOf(CsvParseException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void reads_a_spreadsheet_export_with_line_breaks_inside_cells() throws CsvParseException {
        List<CsvRecord> records = CsvReader.read(CsvCorpus.text(CsvCorpus.MAPPING));
        assertThat(records).hasSize(45).allSatisfy(r -> assertThat(r.fields()).hasSize(19));
        assertThat(records.get(1).fields().get(15)).isEqualTo("Vocabulary Mapping\n(IS, ID, CE, CNE, CWE)");
        assertThat(records.get(2).line()).isEqualTo(4);
        assertThat(records.get(8).fields().get(16)).isEqualTo("\"work\"");
        assertThat(records.getLast().ending()).isEmpty();
    }
}
