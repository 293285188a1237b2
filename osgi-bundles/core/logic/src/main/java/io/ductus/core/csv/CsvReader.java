package io.ductus.core.csv;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads CSV text (RFC 4180) into records. Fields are separated by commas; a field in double quotes may
 * hold commas, line breaks and doubled quotes ({@code ""} for one). Records end with CRLF, LF or CR.
 * Lenient where nothing is lost: a quote inside an unquoted field is kept as a character ({@code 'Labs Inc'}
 * and {@code 5" tall} read as written), empty lines are skipped (so a trailing blank line adds no record)
 * and a byte order mark at the start is dropped. Strict where a guess could change data: a quoted field
 * must be closed, and must end where its field ends.
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
        while (pos < text.length()) {
            int recordLine = line;
            String ending = lineBreakAt(pos);
            if (ending != null) { // an empty line: no record
                newLine(ending);
                continue;
            }
            List<String> fields = new ArrayList<>();
            while (true) {
                fields.add(text.charAt(pos) == '"' ? quotedField() : plainField());
                if (pos < text.length() && text.charAt(pos) == ',') {
                    pos++;
                    if (pos == text.length() || lineBreakAt(pos) != null) fields.add(""); // "a," ends with an empty field
                    else continue;
                }
                break;
            }
            ending = pos < text.length() ? lineBreakAt(pos) : "";
            records.add(new CsvRecord(recordLine, fields, ending));
            newLine(ending);
        }
        return records;
    }

    private String plainField() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != ',' && lineBreakAt(pos) == null) pos++;
        return text.substring(start, pos);
    }

    private String quotedField() throws CsvParseException {
        int openLine = line;
        int openColumn = column();
        StringBuilder value = new StringBuilder();
        pos++; // the opening quote
        while (true) {
            if (pos >= text.length()) {
                throw new CsvParseException(openLine, openColumn, "the quoted field that starts here has no closing quote");
            }
            char c = text.charAt(pos);
            if (c == '"' && pos + 1 < text.length() && text.charAt(pos + 1) == '"') {
                value.append('"');
                pos += 2;
            } else if (c == '"') {
                pos++;
                break;
            } else {
                String lineBreak = lineBreakAt(pos);
                if (lineBreak != null) {
                    value.append(lineBreak); // kept as sent: a CRLF inside a field stays CRLF
                    newLine(lineBreak);
                } else {
                    value.append(c);
                    pos++;
                }
            }
        }
        if (pos < text.length() && text.charAt(pos) != ',' && lineBreakAt(pos) == null) {
            throw new CsvParseException(line, column(), "'" + text.charAt(pos)
                    + "' after a closing quote: a quoted field ends with the quote (write a quote inside it as \"\")");
        }
        return value.toString();
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
