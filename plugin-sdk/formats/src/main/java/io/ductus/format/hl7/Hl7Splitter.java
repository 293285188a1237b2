package io.ductus.format.hl7;

import io.ductus.format.internal.LineScanner;
import io.ductus.format.internal.RecordBuffer;
import io.ductus.format.split.Position;
import io.ductus.format.split.RecordFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The one splitter of HL7 v2 text (a file, a batch, a download) into messages, byte for byte, read as a
 * stream through one bounded buffer: a message starts at each segment named {@code MSH} and ends with its
 * last segment and that segment's terminator (CR, LF or CRLF, as written); blank lines inside a message are
 * kept, those after it are not. Batch envelope segments (FHS, BHS, BTS, FTS) end the message before them.
 * Lines are blank when they hold nothing but spaces or tabs.
 *
 * <p>{@link #next()} cuts the input into parts that cover every byte once, so joining them gives the
 * input back: messages, envelope segments, and the rest (a byte order mark, blank lines, lines outside any
 * message). The file source's record splitter, {@link Hl7Batch} and {@code ductus send} all read files
 * through it. Not thread-safe; one per stream.
 */
public final class Hl7Splitter {

    /** What a stretch of the input is. */
    public enum Kind {
        /** One message, from its MSH to the end of its last segment with that segment's terminator. */
        MESSAGE,
        /** One batch envelope segment (FHS, BHS, BTS or FTS) with its terminator. */
        ENVELOPE,
        /** Anything else: a byte order mark, blank lines, lines before the first MSH or after an envelope segment. */
        OTHER
    }

    /**
     * A stretch of the input.
     *
     * @param kind      what it is
     * @param start     its first byte's offset in the stream
     * @param end       the offset just after it
     * @param line      the line it starts on, from 1
     * @param nextLine  the line number at {@code end}
     * @param bytes     a message's bytes; empty for the other kinds
     * @param strayLine for {@link Kind#OTHER}: the first line in it that is not blank (a line outside any
     *                  message), or 0 when it is all blank
     * @param stray     that line's first characters, for the error
     */
    public record Part(Kind kind, long start, long end, long line, long nextLine, byte[] bytes, long strayLine, String stray) {

        /** Where reading goes on after this part. */
        public Position next() {
            return new Position(end, nextLine);
        }

        /** What is wrong with a stretch holding a line outside any message, in words. */
        public String strayProblem() {
            return "'" + stray + "' is outside any message; HL7 text holds messages starting with MSH, and the batch"
                    + " envelope segments FHS, BHS, BTS and FTS around them";
        }
    }

    private static final byte[] NOTHING = new byte[0];

    private final LineScanner lines;
    private final RecordBuffer message;
    private final ArrayDeque<Part> ready = new ArrayDeque<>(2);
    private boolean pending; // the scanner's current line has not been handled yet (it began the next part)
    private boolean more = true;
    private long covered; // everything before this offset is in a part already
    private long coveredLine;

    private Hl7Splitter(InputStream in, Position from, int maxMessage) throws IOException {
        this.lines = new LineScanner(in, maxMessage);
        this.message = new RecordBuffer(maxMessage);
        lines.skipTo(from);
        this.covered = from.offset();
        this.coveredLine = from.line();
    }

    /**
     * A splitter over a stream positioned at its first byte, reading from {@code from} (the start, or where
     * a part handled before ended).
     *
     * @param maxMessage the largest message (and line) taken; a bigger one is a {@link RecordFormatException}
     */
    public static Hl7Splitter open(InputStream in, Position from, int maxMessage) throws IOException {
        if (maxMessage < 16) throw new IllegalArgumentException("maxMessage must be at least 16 bytes: " + maxMessage);
        return new Hl7Splitter(in, from, maxMessage);
    }

    /** The messages in the data, in order; empty when there is no MSH segment. Everything else is dropped. */
    public static List<byte[]> split(byte[] data) {
        List<byte[]> messages = new ArrayList<>();
        for (Part part : parts(data)) if (part.kind() == Kind.MESSAGE) messages.add(part.bytes());
        return messages;
    }

    /** The whole of some bytes cut into parts, as {@link #next()} gives them. */
    public static List<Part> parts(byte[] data) {
        try {
            Hl7Splitter splitter = open(new ByteArrayInputStream(data), Position.START, Math.max(16, data.length + 1));
            List<Part> parts = new ArrayList<>();
            for (Part part = splitter.next(); part != null; part = splitter.next()) parts.add(part);
            return parts;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        } catch (RecordFormatException e) {
            throw new IllegalStateException("no line of " + data.length + " bytes can exceed their length", e);
        }
    }

    /** The next part, or null at the end of the stream. */
    public Part next() throws IOException, RecordFormatException {
        if (!ready.isEmpty()) return ready.poll();
        long messageLine = -1;
        long kept = 0; // the message's bytes up to its last non-blank segment
        long keptEnd = 0;
        long keptLine = 0;
        long strayLine = 0;
        String stray = "";
        while (more && (pending || (more = lines.next()))) {
            pending = false;
            if (lines.blank()) {
                if (messageLine >= 0) lines.appendTo(message, true); // dropped again unless a segment follows
                continue;
            }
            boolean header = lines.isSegment("MSH");
            boolean envelope = !header && isEnvelope();
            if (header || envelope) {
                if (messageLine >= 0) {
                    pending = true; // this line belongs to what comes next
                    return closeMessage(messageLine, kept, keptEnd, keptLine);
                }
                if (covered < lines.offset()) {
                    pending = true;
                    return other(lines.offset(), lines.line(), strayLine, stray);
                }
                if (envelope) {
                    Part part = new Part(Kind.ENVELOPE, lines.offset(), lines.endOffset(), lines.line(), lines.line() + 1,
                            NOTHING, 0, "");
                    advance(part);
                    return part;
                }
                messageLine = lines.line();
                message.reset(messageLine);
            } else if (messageLine < 0) {
                if (strayLine == 0) {
                    strayLine = lines.line();
                    stray = lines.preview();
                }
                continue;
            }
            lines.appendTo(message, true);
            kept = message.size();
            keptEnd = lines.endOffset();
            keptLine = lines.line() + 1;
        }
        if (messageLine >= 0) return closeMessage(messageLine, kept, keptEnd, keptLine);
        long end = lines.endOffset();
        if (covered < end) return other(end, lines.line() + 1, strayLine, stray);
        return null;
    }

    /** The message read, and the blank lines after it (if any) as the part after it. */
    private Part closeMessage(long line, long kept, long keptEnd, long keptLine) {
        message.truncate((int) kept);
        Part part = new Part(Kind.MESSAGE, covered, keptEnd, line, keptLine, message.toBytes(NOTHING), 0, "");
        advance(part);
        long blanksEnd = pending ? lines.offset() : lines.endOffset();
        long blanksLine = pending ? lines.line() : lines.line() + 1;
        if (covered < blanksEnd) {
            Part blanks = new Part(Kind.OTHER, covered, blanksEnd, coveredLine, blanksLine, NOTHING, 0, "");
            advance(blanks);
            ready.add(blanks);
        }
        return part;
    }

    private Part other(long end, long nextLine, long strayLine, String stray) {
        Part part = new Part(Kind.OTHER, covered, end, coveredLine, nextLine, NOTHING, strayLine, stray);
        advance(part);
        return part;
    }

    private void advance(Part part) {
        covered = part.end();
        coveredLine = part.nextLine();
    }

    private boolean isEnvelope() {
        return lines.isSegment("FHS") || lines.isSegment("BHS") || lines.isSegment("BTS") || lines.isSegment("FTS");
    }
}
