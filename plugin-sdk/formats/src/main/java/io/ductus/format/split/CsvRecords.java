package io.ductus.format.split;

import io.ductus.format.csv.CsvState;
import io.ductus.format.internal.LineScanner;
import io.ductus.format.internal.RecordBuffer;
import java.io.IOException;

/**
 * CSV rows (RFC 4180), each with the header row in front. A row may span lines when a quoted field holds
 * a line break; where a row ends is found by {@link CsvState}, the state machine the CSV reader uses.
 */
final class CsvRecords implements RecordSplitter {

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
            CsvState state = CsvState.FIELD_START;
            while (true) {
                state = scan(state);
                lines.appendTo(row, true);
                if (state != CsvState.QUOTED) break;
                if (!lines.next()) throw new RecordFormatException(startLine, CsvState.UNCLOSED);
            }
            return new SplitRecord(row.toBytes(header), startLine, lines.endOffset(), lines.line() + 1);
        }
        return null;
    }

    /** Runs the current line's text through the field states; returns the state at its line break. */
    private CsvState scan(CsvState state) throws RecordFormatException {
        int n = lines.length();
        for (int i = 0; i < n; i++) {
            byte c = lines.at(i);
            CsvState next = state.next(c);
            if (next == null) {
                throw new RecordFormatException(lines.line(), "column " + (i + 1) + ": " + CsvState.afterClosingQuote((char) (c & 0xff)));
            }
            state = next;
        }
        return state;
    }
}
