package io.ductus.format.csv;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads CSV text (RFC 4180) into records, through {@link CsvState}. Fields are separated by commas; a
 * field in double quotes may hold commas, line breaks and doubled quotes ({@code ""} for one). Records end
 * with CRLF, LF or CR. Lenient where nothing is lost: a quote inside an unquoted field is kept as a
 * character ({@code 'Labs Inc'} and {@code 5" tall} read as written), empty lines are skipped (so a
 * trailing blank line adds no record) and a byte order mark at the start is dropped. Strict where a guess
 * could change data: a quoted field must be closed, and must end where its field ends.
 */
public final class CsvReader {

    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart; // position of the current line's first character, for columns

    private CsvReader(String text) {
        this.text = text;
        this.pos = text.startsWith("\uFEFF") ? 1 : 0;
        this.lineStart = pos;
    }

    /** Every record of the text, in order; none for empty text. */
    public static List<CsvRecord> read(String text) throws CsvParseException {
        return new CsvReader(text).records();
    }

    private List<CsvRecord> records() throws CsvParseException {
        List<CsvRecord> records = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        while (pos < text.length()) {
            String ending = lineBreakAt(pos);
            if (ending != null) { // an empty line: no record
                newLine(ending);
                continue;
            }
            int recordLine = line;
            int openLine = line;
            int openColumn = 0;
            List<String> fields = new ArrayList<>();
            field.setLength(0);
            CsvState state = CsvState.FIELD_START;
            ending = "";
            while (pos < text.length()) {
                String lineBreak = lineBreakAt(pos);
                if (lineBreak != null && state != CsvState.QUOTED) {
                    ending = lineBreak;
                    break;
                }
                if (lineBreak != null) { // inside quotes: kept as sent, a CRLF stays CRLF
                    field.append(lineBreak);
                    newLine(lineBreak);
                    continue;
                }
                char c = text.charAt(pos);
                CsvState next = state.next(c);
                if (next == null) throw new CsvParseException(line, column(), CsvState.afterClosingQuote(c));
                if (state == CsvState.FIELD_START && next == CsvState.QUOTED) {
                    openLine = line;
                    openColumn = column();
                }
                if (state.keeps(c, next)) field.append(c);
                if (next == CsvState.FIELD_START) { // a comma ended the field
                    fields.add(field.toString());
                    field.setLength(0);
                }
                state = next;
                pos++;
            }
            if (state == CsvState.QUOTED) throw new CsvParseException(openLine, openColumn, CsvState.UNCLOSED);
            fields.add(field.toString()); // the last field ("a," ends with an empty one)
            records.add(new CsvRecord(recordLine, fields, ending));
            newLine(ending);
        }
        return records;
    }

    /** The line break starting at {@code at} (CRLF, LF or CR), or null. */
    private String lineBreakAt(int at) {
        char c = text.charAt(at);
        if (c == '\n') return "\n";
        if (c != '\r') return null;
        return at + 1 < text.length() && text.charAt(at + 1) == '\n' ? "\r\n" : "\r";
    }

    private void newLine(String lineBreak) {
        pos += lineBreak.length();
        if (!lineBreak.isEmpty()) {
            line++;
            lineStart = pos;
        }
    }

    private int column() {
        return pos - lineStart + 1;
    }
}
