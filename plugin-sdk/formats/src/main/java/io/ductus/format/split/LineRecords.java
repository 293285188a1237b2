package io.ductus.format.split;

import io.ductus.format.internal.LineScanner;
import io.ductus.format.internal.RecordBuffer;
import java.io.IOException;

/** One record per non-blank line, without its line break. */
final class LineRecords implements RecordSplitter {

    private static final byte[] NOTHING = new byte[0];

    private final LineScanner lines;
    private final RecordBuffer record;

    LineRecords(LineScanner lines, Position from, int maxRecord) throws IOException {
        this.lines = lines;
        this.record = new RecordBuffer(maxRecord);
        lines.skipTo(from);
    }

    @Override
    public SplitRecord next() throws IOException, RecordFormatException {
        while (lines.next()) {
            if (lines.empty()) continue;
            record.reset(lines.line());
            lines.appendTo(record, false);
            return new SplitRecord(record.toBytes(NOTHING), lines.line(), lines.endOffset(), lines.line() + 1);
        }
        return null;
    }
}
