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

    private Hl7Splitter() {
    }

    /** The messages in the data, in order; empty when there is no MSH segment. Text before the first MSH is ignored. */
    public static List<byte[]> split(byte[] data) {
        List<byte[]> messages = new ArrayList<>();
        int start = data.length >= 3 && (data[0] & 0xff) == 0xEF && (data[1] & 0xff) == 0xBB && (data[2] & 0xff) == 0xBF ? 3 : 0;
        int messageStart = -1;
        int messageEnd = -1; // end of the last non-empty segment of the current message, with its terminator
        int pos = start;
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
                    if (messageStart >= 0) messages.add(Arrays.copyOfRange(data, messageStart, messageEnd));
                    messageStart = pos;
                    messageEnd = next;
                } else if (isEnvelope(data, pos)) {
                    if (messageStart >= 0) messages.add(Arrays.copyOfRange(data, messageStart, messageEnd));
                    messageStart = -1;
                } else if (messageStart >= 0) {
                    messageEnd = next;
                }
            }
            pos = next;
        }
        if (messageStart >= 0) messages.add(Arrays.copyOfRange(data, messageStart, messageEnd));
        return messages;
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
