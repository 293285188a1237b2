package io.ductus.format.split;

/**
 * A place in a stream to start or resume reading: a byte offset and the number of the line found there.
 *
 * @param offset bytes from the start of the stream
 * @param line   the line at that offset, from 1 (for messages that name a line)
 */
public record Position(long offset, long line) {

    /** The start of a stream. */
    public static final Position START = new Position(0, 1);

    public Position {
        if (offset < 0) throw new IllegalArgumentException("offset must not be negative: " + offset);
        if (line < 1) throw new IllegalArgumentException("line numbers start at 1: " + line);
    }
}
