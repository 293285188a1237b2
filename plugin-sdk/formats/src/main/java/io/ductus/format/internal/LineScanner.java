package io.ductus.format.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import io.ductus.format.split.Position;
import io.ductus.format.split.RecordFormatException;

/**
 * Reads a stream line by line through one buffer. A line ends with CR, LF or CRLF (or the end of the
 * stream); the current line stays in the buffer until {@link #next()}, so callers copy what they keep.
 * Used by every splitter of this module (HL7, CSV, lines). The buffer starts small and grows only for a line longer than it, up to a limit.
 */
public final class LineScanner {

    public static final int INITIAL_BUFFER = 256 * 1024;

    private final InputStream in;
    private final int maxLine;
    private byte[] buffer;
    private long bufferOffset; // stream offset of buffer[0]
    private int limit; // bytes of the buffer that hold data
    private boolean eof;
    private boolean atStart = true; // nothing read yet: a byte order mark may follow
    // the current line: buffer[start, contentEnd) is its text, [contentEnd, end) its line break
    private int start;
    private int contentEnd;
    private int end;
    private long line;
    private int scanFrom; // where the search for the next line break resumes

    public LineScanner(InputStream in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
        this.buffer = new byte[Math.min(INITIAL_BUFFER, Math.max(16, maxLine))];
        this.line = 0; // next() makes the first line number 1
    }

    /**
     * Moves to {@code position}, which must not be behind the current one. Bytes in between are skipped
     * without being looked at (a file stream seeks).
     */
    public void skipTo(Position position) throws IOException {
        long here = bufferOffset + end;
        if (position.offset() < here) throw new IllegalArgumentException("cannot go back from " + here + " to " + position.offset());
        long inBuffer = bufferOffset + limit;
        if (position.offset() <= inBuffer) {
            end = (int) (position.offset() - bufferOffset);
        } else {
            skipFully(position.offset() - inBuffer);
            bufferOffset = position.offset();
            limit = 0;
            end = 0;
        }
        start = contentEnd = end;
        atStart = position.offset() == 0;
        line = position.line() - 1;
    }

    private void skipFully(long count) throws IOException {
        long left = count;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped > 0) {
                left -= skipped;
            } else if (in.read() < 0) {
                throw new EOFException("the stream ends " + left + " bytes before the offset to resume from");
            } else {
                left--;
            }
        }
    }

    /** Advances to the next line; false at the end of the stream. */
    public boolean next() throws IOException, RecordFormatException {
        start = end;
        scanFrom = start;
        line++;
        if (atStart) skipByteOrderMark();
        while (true) {
            int i = scanFrom;
            byte[] b = buffer;
            int n = limit;
            while (i < n && b[i] != '\r' && b[i] != '\n') i++;
            if (i < n) {
                if (b[i] == '\r' && i + 1 == n && !eof) { // is it CRLF? one more byte tells
                    scanFrom = i;
                    fill();
                    continue;
                }
                contentEnd = i;
                end = b[i] == '\r' && i + 1 < n && b[i + 1] == '\n' ? i + 2 : i + 1;
                return true;
            }
            if (eof) {
                if (start == limit) {
                    line--;
                    contentEnd = end = start; // nothing left: the end offset is the stream's end
                    return false;
                }
                contentEnd = end = limit;
                return true;
            }
            scanFrom = i;
            fill();
        }
    }

    private void skipByteOrderMark() throws IOException, RecordFormatException {
        atStart = false;
        while (limit - start < 3 && !eof) fill();
        if (limit - start >= 3 && (buffer[start] & 0xff) == 0xEF && (buffer[start + 1] & 0xff) == 0xBB
                && (buffer[start + 2] & 0xff) == 0xBF) {
            start += 3;
            scanFrom = start;
        }
    }

    /** Reads more: first drops what lies before the current line, then grows the buffer if it is full. */
    private void fill() throws IOException, RecordFormatException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, limit - start);
            limit -= start;
            scanFrom -= start;
            bufferOffset += start;
            start = 0;
        }
        if (limit == buffer.length) {
            if (buffer.length >= maxLine) {
                throw new RecordFormatException(line, "the line is longer than " + maxLine + " bytes");
            }
            buffer = Arrays.copyOf(buffer, (int) Math.min(maxLine, buffer.length * 2L));
        }
        int read = in.read(buffer, limit, buffer.length - limit);
        if (read < 0) eof = true;
        else limit += read;
    }

    /** The current line's number, from 1. */
    public long line() {
        return line;
    }

    /** Stream offset where the current line starts. */
    public long offset() {
        return bufferOffset + start;
    }

    /** Stream offset just after the current line's line break. */
    public long endOffset() {
        return bufferOffset + end;
    }

    /** Whether the current line has no text (only a line break, or nothing at the end of the stream). */
    public boolean empty() {
        return contentEnd == start;
    }

    /** Whether the line's text is only white space (spaces, tabs): no segment, no row. */
    public boolean blank() {
        for (int i = start; i < contentEnd; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\t' && b != 0x0B && b != 0x0C) return false;
        }
        return true;
    }

    /** Length of the line's text, without its line break. */
    public int length() {
        return contentEnd - start;
    }

    /** Byte {@code i} of the line's text. */
    public byte at(int i) {
        return buffer[start + i];
    }

    /** Whether the line is the named segment: its three letters, then a delimiter or the line's end. */
    public boolean isSegment(String name) {
        if (length() < 3) return false;
        for (int i = 0; i < 3; i++) if (buffer[start + i] != name.charAt(i)) return false;
        return length() == 3 || !Character.isLetterOrDigit(buffer[start + 3] & 0xff);
    }

    /** Appends the line's text, and its line break when asked. */
    public void appendTo(RecordBuffer record, boolean withLineBreak) throws RecordFormatException {
        record.append(buffer, start, (withLineBreak ? end : contentEnd) - start);
    }

    /** The start of the line's text for messages: at most 40 characters, as ISO-8859-1. */
    public String preview() {
        int n = Math.min(length(), 40);
        return new String(buffer, start, n, java.nio.charset.StandardCharsets.ISO_8859_1) + (length() > n ? "…" : "");
    }
}
