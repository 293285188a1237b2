package io.ductus.format.csv;

import java.util.List;

/**
 * One record of CSV text: its fields, the line it starts on (counting from 1; a quoted field with line
 * breaks makes a record span several lines), and the line break that ended it ("" for a last record
 * without one).
 */
public record CsvRecord(int line, List<String> fields, String ending) {

    public CsvRecord {
        fields = List.copyOf(fields);
    }
}
