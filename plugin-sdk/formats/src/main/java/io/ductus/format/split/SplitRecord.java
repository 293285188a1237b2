package io.ductus.format.split;

import java.util.Objects;

/**
 * One record cut from a stream.
 *
 * @param payload  the record's bytes (for CSV, the header row followed by the row)
 * @param line     the line the record starts on, from 1
 * @param end      the byte offset just after the record: resume reading here
 * @param nextLine the line number at {@code end}, to resume with
 */
public record SplitRecord(byte[] payload, long line, long end, long nextLine) {

    public SplitRecord {
        Objects.requireNonNull(payload, "payload");
    }

    /** Where reading goes on after this record. */
    public Position next() {
        return new Position(end, nextLine);
    }
}
