package io.ductus.sdk.records;

import java.io.IOException;
import java.io.InputStream;

/**
 * Cuts a stream into records one at a time, holding one buffer and the record being read: the SDK's view
 * of the formats module's splitter ({@link io.ductus.format.split.RecordSplitter}), which does the work. Not
 * thread-safe; one per stream. Open one with {@link #open}.
 */
public interface RecordSplitter {

    /** How a stream is cut into records. */
    enum Kind {
        /**
         * HL7 v2: a message starts at each segment named MSH and keeps its bytes and segment terminators
         * (CR, LF or CRLF) as written; batch envelope segments (FHS, BHS, BTS, FTS) and blank lines between
         * messages are dropped; any other line outside a message is an error.
         */
        HL7,
        /**
         * CSV (RFC 4180): one record per row, a quoted field may hold commas, doubled quotes and line
         * breaks; the first row is the header, put in front of every other row (with its line break);
         * blank lines are skipped.
         */
        CSV,
        /** One record per line, without its line break; blank lines are skipped. */
        LINES
    }

    /** Longest record (and line) taken unless the caller says otherwise: 64 MB. */
    int DEFAULT_MAX_RECORD = 64 * 1024 * 1024;

    /**
     * Opens a splitter on a stream positioned at its first byte. Reading starts at {@code from}: the
     * stream's start, or the {@link SplitRecord#next()} of the last record handled before (for CSV the header is
     * read from the start first). A byte order mark at the start is dropped.
     *
     * @param maxRecord the largest record taken; a bigger one is a {@link RecordFormatException}
     */
    static RecordSplitter open(Kind kind, InputStream in, Position from, int maxRecord) throws IOException, RecordFormatException {
        return FormatRecords.open(kind, in, from, maxRecord);
    }

    /** The next record, or null at the end of the stream. */
    SplitRecord next() throws IOException, RecordFormatException;
}
