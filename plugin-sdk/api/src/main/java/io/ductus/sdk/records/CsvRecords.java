package io.ductus.sdk.records;

import java.io.IOException;

/**
 * CSV rows (RFC 4180), each with the header row in front. A row may span lines when a quoted field holds
 * a line break. Lenient where nothing is lost (a quote inside an unquoted field is a character), strict
 * where a guess could cut a row wrongly: a quoted field must be closed, and end where its field ends.
 */
final class CsvRecords implements RecordSplitter {

    private enum State { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED }

    private final LineScanner lines;
    private final RecordBuffer row;
    private final byte[] header;

    private CsvRecords(LineScanner lines, RecordBuffer row, byte[] header) {
        this.lines = lines;
        this.row = row;
        this.header = header;
    }

    /** Reads the header row from the stream's start, then goes to {@code from} when that lies after it. */
    static CsvRecords open(LineScanner lines, Position from, int maxRecord) throws IOException, RecordFormatException {
        RecordBuffer buffer = new RecordBuffer(maxRecord);
        CsvRecords reader = new CsvRecords(lines, buffer, new byte[0]);
        SplitRecord header = reader.next();
        if (header == null) return reader; // an empty file: no header, no rows
        CsvRecords rows = new CsvRecords(lines, buffer, header.payload());
        if (from.offset() > header.end()) lines.skipTo(from);
        return rows;
    }

    @Override
    public SplitRecord next() throws IOException, RecordFormatException {
        while (lines.next()) {
            if (lines.empty()) continue;
            long startLine = lines.line();
            row.reset(startLine);
            State state = State.FIELD_START;
            while (true) {
                state = scan(state);
                lines.appendTo(row, true);
                if (state != State.QUOTED) break;
                if (!lines.next()) {
                    throw new RecordFormatException(startLine, "a quoted field in the row that starts here has no closing quote");
                }
            }
            return new SplitRecord(row.toBytes(header), startLine, lines.endOffset(), lines.line() + 1);
        }
        return null;
    }

    /** Runs the current line's text through the field states; returns the state at its line break. */
    private State scan(State state) throws RecordFormatException {
        int n = lines.length();
        for (int i = 0; i < n; i++) {
            byte c = lines.at(i);
            state = switch (state) {
                case FIELD_START -> c == '"' ? State.QUOTED : c == ',' ? State.FIELD_START : State.UNQUOTED;
                case UNQUOTED -> c == ',' ? State.FIELD_START : State.UNQUOTED;
                case QUOTED -> c == '"' ? State.QUOTE_IN_QUOTED : State.QUOTED;
                case QUOTE_IN_QUOTED -> {
                    if (c == '"') yield State.QUOTED; // "" is one quote
                    if (c == ',') yield State.FIELD_START;
                    throw new RecordFormatException(lines.line(), "'" + (char) (c & 0xff) + "' after a closing quote (column "
                            + (i + 1) + "): a quoted field ends with the quote; write a quote inside it as \"\"");
                }
            };
        }
        return state;
    }
}
