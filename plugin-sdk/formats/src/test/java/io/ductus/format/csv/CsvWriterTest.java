package io.ductus.format.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvWriterTest {

    @Test
    void quotes_only_fields_with_commas_quotes_or_line_breaks() {
        String text = CsvWriter.write(List.of(
                List.of("plain", "a,b", "say \"hi\"", "two\nlines", "two\r\nlines", " spaced ", "'single'")), "\r\n");
        assertThat(text).isEqualTo("plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"two\r\nlines\", spaced ,'single'\r\n");
    }

    @Test
    void a_record_of_one_empty_field_is_kept() throws CsvParseException {
        List<List<String>> records = List.of(List.of("name"), List.of(""), List.of("x"));
        String text = CsvWriter.write(records, "\n");
        assertThat(text).isEqualTo("name\n\"\"\nx\n");
        assertThat(CsvReader.read(text)).extracting(CsvRecord::fields).isEqualTo(records);
    }

    @Test
    void writes_a_spreadsheet_export_back_byte_for_byte() throws CsvParseException {
        String text = CsvCorpus.text(CsvCorpus.MAPPING);
        List<List<String>> records = CsvReader.read(text).stream().map(CsvRecord::fields).toList();
        // The file quotes exactly the cells that need it; only the line break after its last record is new.
        assertThat(CsvWriter.write(records, "\n")).isEqualTo(text + "\n");
    }
}
