package io.ductus.format.csv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CSV read as a table: the first record names the columns, every other record is a row with one value
 * per column. The line ending is the one the text uses, so writing the table keeps it.
 *
 * @param lineEnding "\r\n", "\n" or "\r"
 */
public record CsvTable(List<String> header, List<List<String>> rows, String lineEnding) {

    /** What RFC 4180 asks for, used when the text has no line break to copy. */
    public static final String CRLF = "\r\n";

    public CsvTable {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).size() != header.size()) {
                throw new IllegalArgumentException("row " + (i + 1) + " has " + rows.get(i).size() + " values, the header "
                        + header.size());
            }
        }
    }

    /**
     * Reads CSV text with a header line. The header's names must differ from each other (each is a key
     * of a row) and every row must have one value per name: a table that would lose values otherwise is
     * refused, naming the line.
     */
    public static CsvTable read(String text) throws CsvParseException {
        List<CsvRecord> records = CsvReader.read(text);
        if (records.isEmpty()) throw new CsvParseException(1, 0, "there is no header line");
        CsvRecord header = records.getFirst();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < header.fields().size(); i++) {
            Integer earlier = seen.putIfAbsent(header.fields().get(i), i + 1);
            if (earlier != null) {
                throw new CsvParseException(header.line(), 0, "the header names '" + header.fields().get(i) + "' twice (fields "
                        + earlier + " and " + (i + 1) + "): each column needs its own name");
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (CsvRecord record : records.subList(1, records.size())) {
            if (record.fields().size() != header.fields().size()) {
                throw new CsvParseException(record.line(), 0, fields(record.fields().size()) + " where the header has "
                        + fields(header.fields().size()));
            }
            rows.add(record.fields());
        }
        String lineEnding = header.ending().isEmpty() ? CRLF : header.ending();
        return new CsvTable(header.fields(), rows, lineEnding);
    }

    private static String fields(int count) {
        return count == 1 ? "1 field" : count + " fields";
    }

    /** The table as CSV text: the header line, then the rows, each ending with the table's line ending. */
    public String write() {
        List<List<String>> records = new ArrayList<>(rows.size() + 1);
        records.add(header);
        records.addAll(rows);
        return CsvWriter.write(records, lineEnding);
    }
}
