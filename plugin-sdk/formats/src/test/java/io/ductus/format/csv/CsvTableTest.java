package io.ductus.format.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTableTest {

    @Test
    void the_first_record_is_the_header_and_the_line_ending_is_kept() throws CsvParseException {
        CsvTable table = CsvTable.read("id,name\r\n1,\"Doe, Jane\"\r\n2,Roe\r\n");
        assertThat(table.header()).containsExactly("id", "name");
        assertThat(table.rows()).containsExactly(List.of("1", "Doe, Jane"), List.of("2", "Roe"));
        assertThat(table.lineEnding()).isEqualTo("\r\n");
        assertThat(table.write()).isEqualTo("id,name\r\n1,\"Doe, Jane\"\r\n2,Roe\r\n");
    }

    @Test
    void text_without_a_line_break_is_written_with_crlf() throws CsvParseException {
        assertThat(CsvTable.read("id,name").write()).isEqualTo("id,name\r\n");
    }

    @Test
    void reads_lab_rows_with_a_quoted_comma_single_quotes_and_a_tab() throws CsvParseException {
        CsvTable table = CsvTable.read(CsvCorpus.text(CsvCorpus.LABS));
        assertThat(table.header()).containsExactly("lab", "first_name", "last_name", "state", "test_time", "specimen_id",
                "observation");
        assertThat(table.rows()).extracting(row -> row.getFirst()).containsExactly("Bob's Country Bunker Lab", "Labs, Inc",
                "'Labs Inc'", "This Lab Name is Very Long with Lots of Spaces and Even\ta Tab Character In it.");
        assertThat(table.lineEnding()).isEqualTo("\n");
        assertThat(CsvTable.read(table.write())).isEqualTo(table);
    }

    @Test
    void refuses_a_header_naming_a_column_twice() {
        assertThatThrownBy(() -> CsvTable.read(CsvCorpus.text(CsvCorpus.MAPPING)))
                .isInstanceOf(CsvParseException.class)
                .hasMessage("line 1: the header names '' twice (fields 2 and 3): each column needs its own name");
    }

    @Test
    void refuses_a_row_with_more_or_fewer_values_than_the_header() {
        assertThatThrownBy(() -> CsvTable.read("a,b\n1,2\n\"x\ny\"\n"))
                .isInstanceOf(CsvParseException.class)
                .hasMessage("line 3: 1 field where the header has 2 fields");
        assertThatThrownBy(() -> CsvTable.read(""))
                .hasMessage("line 1: there is no header line");
    }
}
