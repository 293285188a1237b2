package io.ductus.sdk.records;

import java.io.IOException;
import java.io.InputStream;

/** The formats module's splitter behind {@link RecordSplitter}: its records and errors in the SDK's types. */
final class FormatRecords implements RecordSplitter {

    private final io.ductus.format.split.RecordSplitter splitter;

    private FormatRecords(io.ductus.format.split.RecordSplitter splitter) {
        this.splitter = splitter;
    }

    static RecordSplitter open(Kind kind, InputStream in, Position from, int maxRecord) throws IOException, RecordFormatException {
        try {
            return new FormatRecords(io.ductus.format.split.RecordSplitter.open(io.ductus.format.split.RecordSplitter.Kind.valueOf(kind.name()),
                    in, new io.ductus.format.split.Position(from.offset(), from.line()), maxRecord));
        } catch (io.ductus.format.split.RecordFormatException e) {
            throw new RecordFormatException(e.line(), e.problem());
        }
    }

    @Override
    public SplitRecord next() throws IOException, RecordFormatException {
        try {
            io.ductus.format.split.SplitRecord record = splitter.next();
            return record == null ? null : new SplitRecord(record.payload(), record.line(), record.end(), record.nextLine());
        } catch (io.ductus.format.split.RecordFormatException e) {
            throw new RecordFormatException(e.line(), e.problem());
        }
    }
}
