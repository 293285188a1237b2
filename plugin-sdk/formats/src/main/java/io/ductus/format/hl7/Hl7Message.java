package io.ductus.format.hl7;

import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An HL7 v2 message that reads and writes values by {@link Hl7Path}. It keeps each segment as written
 * together with what followed it (terminator, blank lines), so {@link #encode()} gives back every byte
 * of what was not changed: CR, LF or CRLF terminators, a missing final terminator, a byte order mark,
 * escape spellings such as {@code \X0d\} and trailing separators. {@link #get} decodes escape sequences
 * ({@link Hl7Escapes}); {@link #set} escapes what needs escaping and rewrites only that value.
 *
 * <p>Segments end at CR, LF or CRLF; blank lines are kept but are not segments. A UTF-8 byte order mark
 * and line breaks before MSH are kept as they are and otherwise ignored. The delimiters come from MSH-1
 * and MSH-2 (four characters, or five with the v2.7 truncation character). Z-segments and segments of
 * any name are read alike. Bytes are turned into text by {@link Hl7Charsets}; batches are read by
 * {@link Hl7Batch}.
 *
 * <p>Not thread-safe: a message is meant to be used by one transform at a time.
 */
public final class Hl7Message {

    private final String original;
    private final String lead;
    private final Delimiters delimiters;
    private final String newline;
    private final List<Hl7Segment> segments;
    private boolean restructured;

    private Hl7Message(String original, String lead, Delimiters delimiters, String newline, List<Hl7Segment> segments) {
        this.original = original;
        this.lead = lead;
        this.delimiters = delimiters;
        this.newline = newline;
        this.segments = segments;
    }

    /** Reads a message; the exception names the segment and what is wrong when it is not HL7 v2. */
    public static Hl7Message parse(String text) throws Hl7ParseException {
        Objects.requireNonNull(text, "text");
        int start = Hl7Header.start(text);
        Delimiters delimiters = Hl7Header.readDelimiters(text, start, 1);
        // Each segment's trailer runs from the end of its text to the start of the next segment: its
        // terminator and any blank lines after it. Positions first, strings after, so that many blank
        // lines cost no more than one.
        List<int[]> found = new ArrayList<>();
        int pos = start;
        int cr = -1; // the next CR and LF at or after pos (text.length() when there is none), found with indexOf
        int lf = -1;
        while (pos < text.length()) {
            if (cr < pos) cr = indexOrLength(text, '\r', pos);
            if (lf < pos) lf = indexOrLength(text, '\n', pos);
            int lineEnd = Math.min(cr, lf);
            int next = lineEnd;
            if (next < text.length() && text.charAt(next) == '\r') next++;
            if (next < text.length() && text.charAt(next) == '\n' && (next == lineEnd || text.charAt(next - 1) == '\r')) next++;
            if (!isBlank(text, pos, lineEnd)) { // the first line is MSH, never blank
                checkSegmentName(text, pos, lineEnd, delimiters.field(), found.size() + 1);
                found.add(new int[] {pos, lineEnd});
            }
            pos = next;
        }
        List<Hl7Segment> segments = new ArrayList<>(found.size());
        for (int i = 0; i < found.size(); i++) {
            int trailerEnd = i + 1 < found.size() ? found.get(i + 1)[0] : text.length();
            segments.add(new Hl7Segment(text.substring(found.get(i)[0], found.get(i)[1]),
                    trailer(text, found.get(i)[1], trailerEnd), delimiters));
        }
        String first = segments.get(0).trailer();
        String newline = first.startsWith("\r\n") ? "\r\n" : first.startsWith("\n") ? "\n" : "\r";
        return new Hl7Message(text, text.substring(0, start), delimiters, newline, segments);
    }

    private static int indexOrLength(String text, char c, int from) {
        int i = text.indexOf(c, from);
        return i < 0 ? text.length() : i;
    }

    /** text[from, to), without a copy for the usual terminators. */
    private static String trailer(String text, int from, int to) {
        return switch (to - from) {
            case 1 -> text.charAt(from) == '\r' ? "\r" : text.charAt(from) == '\n' ? "\n" : text.substring(from, to);
            case 2 -> text.startsWith("\r\n", from) ? "\r\n" : text.substring(from, to);
            default -> text.substring(from, to);
        };
    }

    /** Reads a message from bytes, choosing the charset as {@link Hl7Charsets#decode} does. */
    public static Hl7Message parse(byte[] bytes, Charset sourceCharset) throws Hl7ParseException {
        return parse(Hl7Charsets.decode(bytes, sourceCharset).text());
    }

    /** The message as it is now: as received while nothing was changed. */
    public String text() {
        return encode();
    }

    /** The message as text; the very text it was read from while nothing was changed. */
    public String encode() {
        return changed() ? rebuild() : original;
    }

    /**
     * Whether {@link #encode()} gives exactly this text, found without putting the text together: a
     * caller holding the bytes it was written to, read back, learns whether they still say the same.
     */
    public boolean encodesTo(String text) {
        if (!changed()) return original.equals(text);
        if (!text.startsWith(lead)) return false;
        int at = lead.length();
        for (Hl7Segment segment : segments) {
            String t = segment.text();
            String trailer = segment.trailer();
            if (!text.startsWith(t, at) || !text.startsWith(trailer, at + t.length())) return false;
            at += t.length() + trailer.length();
        }
        return at == text.length();
    }

    /** The text put together from the segments, as {@link #encode()} does after a change. */
    String rebuild() {
        StringBuilder s = new StringBuilder(original.length() + 64).append(lead);
        for (Hl7Segment segment : segments) s.append(segment.text()).append(segment.trailer());
        return s.toString();
    }

    /** The message as bytes in a charset (the one it was read with, to keep unchanged bytes as they were). */
    public byte[] encode(Charset charset) {
        return encode().getBytes(charset);
    }

    /**
     * A copy that changes apart from this one, as it is now: the same text, segments and changes so far,
     * {@link #encode()} giving the same text. Cheaper than reading the text again (the segments' texts,
     * which never change in place, are shared).
     */
    public Hl7Message copy() {
        List<Hl7Segment> copied = new ArrayList<>(segments.size());
        for (Hl7Segment segment : segments) copied.add(segment.copy());
        Hl7Message copy = new Hl7Message(original, lead, delimiters, newline, copied);
        copy.restructured = restructured;
        return copy;
    }

    /** Whether anything was set, added or removed since the message was read. */
    public boolean changed() {
        if (restructured) return true;
        for (Hl7Segment segment : segments) if (segment.changed()) return true;
        return false;
    }

    public Delimiters delimiters() {
        return delimiters;
    }

    /** The message's MSH as {@link Hl7Header} reads it; it follows changes made to MSH. */
    public Hl7Header header() {
        return new Hl7Header(segments.get(0));
    }

    public int segmentCount() {
        return segments.size();
    }

    /** The name of a segment, counting from 0 in message order. */
    public String segmentName(int index) {
        return segments.get(index).name();
    }

    /** The names of all segments in order, such as [MSH, EVN, PID, PV1]. */
    public List<String> segmentNames() {
        List<String> names = new ArrayList<>(segments.size());
        for (Hl7Segment segment : segments) names.add(segment.name());
        return names;
    }

    /** A whole segment as written now, without its line break, counting from 0. */
    public String segment(int index) {
        return segments.get(index).text();
    }

    /** All segments in order; changes made through them change this message. */
    public List<Hl7Segment> segments() {
        return Collections.unmodifiableList(segments);
    }

    /** The segments of one name in order, such as every OBX; changes made through them change this message. */
    public List<Hl7Segment> segments(String name) {
        List<Hl7Segment> named = new ArrayList<>();
        for (Hl7Segment segment : segments) if (segment.name().equals(name)) named.add(segment);
        return named;
    }

    /** The value at a path such as {@code PID-3.1}; see {@link #get(Hl7Path)}. */
    public String get(String path) {
        return get(Hl7Path.parse(path));
    }

    /**
     * The value at a path with its escape sequences decoded, or the empty text when the message has no
     * such segment, field, repetition, component or subcomponent (HL7 makes no difference between empty
     * and absent). A path without repetition and component gives the whole field, repetitions and all;
     * with a component and no repetition, the first repetition is meant. MSH-1 and MSH-2 are the
     * delimiters as written. A value that still holds separators (a whole field of components) is
     * decoded too, so an escaped separator cannot be told from a real one there: use {@link #getRaw}.
     */
    public String get(Hl7Path path) {
        Hl7Segment segment = find(path.segment(), path.occurrence());
        return segment == null ? "" : segment.get(path);
    }

    /** The value at a path as written, escape sequences and all. */
    public String getRaw(String path) {
        return getRaw(Hl7Path.parse(path));
    }

    /** The value at a path as written, escape sequences and all; empty when absent. */
    public String getRaw(Hl7Path path) {
        Hl7Segment segment = find(path.segment(), path.occurrence());
        return segment == null ? "" : segment.getRaw(path);
    }

    /** Sets the value at a path; see {@link #set(Hl7Path, String)}. */
    public void set(String path, String value) {
        set(Hl7Path.parse(path), value);
    }

    /**
     * Sets the value at a path to a text, escaping the separators, the escape character and line breaks
     * in it, so that {@link #get} gives the same text back. The value replaces what the path names (a
     * whole field, one repetition, component or subcomponent); missing separators are added. A path to
     * the next occurrence of a segment the message does not have yet (such as {@code ZPI-1} with no ZPI,
     * or {@code OBX[3]-5} with two OBX) adds that segment at the end.
     *
     * @throws IllegalArgumentException for MSH-1 and MSH-2 (the delimiters), or a segment occurrence
     *                                  more than one past the last
     */
    public void set(Hl7Path path, String value) {
        findOrAdd(path).set(path, value);
    }

    /** Sets the value at a path as written: its separators are kept as structure (e.g. {@code "DOE^JOHN"}). */
    public void setRaw(String path, String raw) {
        Hl7Path p = Hl7Path.parse(path);
        findOrAdd(p).setRaw(p, raw);
    }

    /** Adds a segment, given as written without line break (such as {@code "ZPI|1|X"}), at the end. */
    public Hl7Segment addSegment(String text) {
        return addSegment(segments.size(), text);
    }

    /**
     * Adds a segment before the one at an index (counting from 0; the segment count adds it at the end).
     * It ends with the message's terminator (that of MSH). Nothing can go before MSH.
     */
    public Hl7Segment addSegment(int index, String text) {
        Objects.requireNonNull(text, "text");
        if (index < 1 || index > segments.size()) {
            throw new IllegalArgumentException("a segment can be added at 1 to " + segments.size() + " (after MSH), not at " + index);
        }
        if (text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a segment cannot hold a line break; add one segment at a time");
        }
        try {
            checkSegmentName(text, 0, text.length(), delimiters.field(), index + 1);
        } catch (Hl7ParseException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (Hl7Segment.isHeader(text)) throw new IllegalArgumentException("MSH, BHS and FHS start messages and batches; they cannot be added");
        Hl7Segment added = new Hl7Segment(text, newline, delimiters);
        if (index == segments.size()) {
            Hl7Segment last = segments.get(segments.size() - 1);
            if (last.trailer().isEmpty()) { // keep "no terminator after the last segment" as it was
                last.trailer(newline);
                added.trailer("");
            }
        }
        segments.add(index, added);
        restructured = true;
        return added;
    }

    /** Removes the segment at an index (counting from 0); MSH cannot be removed. */
    public void removeSegment(int index) {
        if (index < 1 || index >= segments.size()) {
            throw new IllegalArgumentException("segments 1 to " + (segments.size() - 1) + " can be removed (not MSH), not " + index);
        }
        segments.remove(index);
        restructured = true;
    }

    /** Removes a segment of this message. */
    public void remove(Hl7Segment segment) {
        int index = -1;
        for (int i = 0; i < segments.size(); i++) if (segments.get(i) == segment) index = i;
        if (index < 0) throw new IllegalArgumentException("the segment is not part of this message");
        removeSegment(index);
    }

    private Hl7Segment find(String name, int occurrence) {
        int seen = 0;
        for (Hl7Segment segment : segments) {
            if (segment.text().startsWith(name) && ++seen == occurrence) return segment;
        }
        return null;
    }

    private Hl7Segment findOrAdd(Hl7Path path) {
        Hl7Segment segment = find(path.segment(), path.occurrence());
        if (segment != null) return segment;
        if (path.occurrence() != segments(path.segment()).size() + 1) {
            throw new IllegalArgumentException("the message has " + segments(path.segment()).size() + " " + path.segment()
                    + " segment(s); " + path + " can only add the next one");
        }
        return addSegment(path.segment());
    }

    static void checkSegmentName(String text, int start, int end, char field, int number) throws Hl7ParseException {
        boolean named = end - start >= 3 && isUpper(text.charAt(start)) && isUpperOrDigit(text.charAt(start + 1))
                && isUpperOrDigit(text.charAt(start + 2)) && (end - start == 3 || text.charAt(start + 3) == field);
        if (!named) {
            throw new Hl7ParseException(number, "'" + preview(text, start) + "' is not a segment; a segment starts with a "
                    + "three-character name such as PID followed by " + field);
        }
    }

    /** Whether text[from, to) is empty or only white space, without copying it. */
    static boolean isBlank(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(text.charAt(i))) return false;
        }
        return true;
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static boolean isUpperOrDigit(char c) {
        return isUpper(c) || (c >= '0' && c <= '9');
    }

    static boolean isLineBreak(char c) {
        return c == '\r' || c == '\n';
    }

    /** The first characters at a position, control characters made visible, for error messages. */
    static String preview(String text, int start) {
        StringBuilder s = new StringBuilder();
        for (int i = start; i < text.length() && s.length() < 20 && !isLineBreak(text.charAt(i)); i++) {
            s.append(Delimiters.printable(text.charAt(i)));
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return "Hl7Message" + segmentNames();
    }
}
