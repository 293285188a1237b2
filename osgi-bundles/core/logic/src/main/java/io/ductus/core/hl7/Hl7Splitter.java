package io.ductus.core.hl7;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a stream of HL7 v2 text (a file, a batch) into messages, byte for byte: a message starts at each
 * segment beginning with {@code MSH}; batch envelope segments (FHS, BHS, BTS, FTS) are dropped; empty
 * lines between messages are dropped. Segments may end with CR, LF or CRLF; each message keeps the
 * terminators it was written with.
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
     * A stretch of the input, from {@code start} (inclusive) to {@code end} (exclusive).
     */
    public record Part(Kind kind, int start, int end) {
    }

    private Hl7Splitter() {
    }

    /** The messages in the data, in order; empty when there is no MSH segment. Text before the first MSH is ignored. */
    public static List<byte[]> split(byte[] data) {
        List<byte[]> messages = new ArrayList<>();
        for (Part part : parts(data)) {
            if (part.kind() == Kind.MESSAGE) messages.add(Arrays.copyOfRange(data, part.start(), part.end()));
        }
        return messages;
    }

    /**
     * The whole input cut into messages, envelope segments and the rest, in order: the parts cover every
     * byte once, so joining them gives the input back. Messages are the same as {@link #split} gives.
     */
    public static List<Part> parts(byte[] data) {
        List<Part> parts = new ArrayList<>();
        int covered = 0; // everything before this is in a part
        int messageStart = -1;
        int messageEnd = -1; // end of the last non-empty segment of the current message, with its terminator
        int pos = data.length >= 3 && (data[0] & 0xff) == 0xEF && (data[1] & 0xff) == 0xBB && (data[2] & 0xff) == 0xBF ? 3 : 0;
        while (pos < data.length) {
            int lineEnd = pos;
            while (lineEnd < data.length && data[lineEnd] != '\r' && data[lineEnd] != '\n') lineEnd++;
            int next = lineEnd;
            if (next < data.length && data[next] == '\r') next++;
            if (next < data.length && data[next] == '\n' && (next == lineEnd || data[next - 1] == '\r')) next++;
            if (lineEnd == next && next < data.length) next++; // defensive: always advance
            boolean empty = lineEnd == pos;
            if (!empty) {
                if (startsSegment(data, pos, "MSH")) {
                    covered = close(parts, covered, messageStart, messageEnd, pos);
                    messageStart = pos;
                    messageEnd = next;
                } else if (isEnvelope(data, pos)) {
                    covered = close(parts, covered, messageStart, messageEnd, pos);
                    parts.add(new Part(Kind.ENVELOPE, pos, next));
                    covered = next;
                    messageStart = -1;
                } else if (messageStart >= 0) {
                    messageEnd = next;
                }
            }
            pos = next;
        }
        covered = close(parts, covered, messageStart, messageEnd, data.length);
        return parts;
    }

    /** Adds the message being read (if any) and what lies around it up to {@code until}; returns {@code until}. */
    private static int close(List<Part> parts, int covered, int messageStart, int messageEnd, int until) {
        if (messageStart >= 0) {
            if (covered < messageStart) parts.add(new Part(Kind.OTHER, covered, messageStart));
            parts.add(new Part(Kind.MESSAGE, messageStart, messageEnd));
            covered = messageEnd;
        }
        if (covered < until) parts.add(new Part(Kind.OTHER, covered, until));
        return until;
    }

    private static boolean isEnvelope(byte[] data, int pos) {
        return startsSegment(data, pos, "FHS") || startsSegment(data, pos, "BHS")
                || startsSegment(data, pos, "BTS") || startsSegment(data, pos, "FTS");
    }

    /** The line starts with the segment name followed by a delimiter (not a letter or digit) or its end. */
    private static boolean startsSegment(byte[] data, int pos, String name) {
        if (pos + 3 > data.length) return false;
        for (int i = 0; i < 3; i++) if (data[pos + i] != name.charAt(i)) return false;
        if (pos + 3 == data.length) return true;
        byte after = data[pos + 3];
        return !Character.isLetterOrDigit(after & 0xff);
    }
}
