package io.ductus.sdk.records;

import java.io.IOException;
import java.io.InputStream;

/**
 * Cuts a stream into records one at a time, holding one buffer and the record being read: the SDK's view
 * of the formats module's splitter ({@link io.ductus.format.split.RecordSplitter}), which does the work. Not
 * thread-safe; one per stream. Open one with {@link #open}.
 */
public interface RecordSplitter {

    /** How a stream is cut into records, as {@link io.ductus.format.split.RecordSplitter.Kind} says. */
    enum Kind {
        /** HL7 v2 messages, byte for byte; batch envelopes dropped. */
        HL7,
        /** CSV rows, each with the header row in front. */
        CSV,
        /** Lines without their line breaks. */
        LINES
    }

    /** Longest record (and line) taken unless the caller says otherwise: 64 MB. */
    int DEFAULT_MAX_RECORD = 64 * 1024 * 1024;

    /**
     * Opens a splitter on a stream positioned at its first byte, reading from {@code from} (the stream's
     * start, or the {@link SplitRecord#next()} of the last record handled), as
     * {@link io.ductus.format.split.RecordSplitter#open} does.
     *
     * @param maxRecord the largest record taken; a bigger one is a {@link RecordFormatException}
     */
    static RecordSplitter open(Kind kind, InputStream in, Position from, int maxRecord) throws IOException, RecordFormatException {
        return FormatRecords.open(kind, in, from, maxRecord);
    }

    /** The next record, or null at the end of the stream. */
    SplitRecord next() throws IOException, RecordFormatException;
}
