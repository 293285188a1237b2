package io.ductus.core.hl7;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An HL7 v2 message, read enough to find segments and values by {@link Hl7Path}. It keeps the text as
 * received and only remembers where each segment starts and ends; values are cut out of the original
 * when asked for, so nothing is re-encoded. Values are returned as written: escape sequences such as
 * {@code \F\} are not yet decoded.
 *
 * <p>Segments end at CR, LF or CRLF; blank lines are skipped. A UTF-8 byte order mark and line breaks
 * before MSH are ignored. The delimiters come from MSH-1 and MSH-2.
 */
public final class Hl7Message {

    private final String text;
    private final Delimiters delimiters;
    private final int[] starts;
    private final int[] ends;

    private Hl7Message(String text, Delimiters delimiters, int[] starts, int[] ends) {
        this.text = text;
        this.delimiters = delimiters;
        this.starts = starts;
        this.ends = ends;
    }

    /** Reads a message; the exception names the segment and what is wrong when it is not HL7 v2. */
    public static Hl7Message parse(String text) throws Hl7ParseException {
        Objects.requireNonNull(text, "text");
        int start = 0;
        if (start < text.length() && text.charAt(start) == '\uFEFF') start++;
        while (start < text.length() && isLineBreak(text.charAt(start))) start++;
        if (isBlank(text, start, text.length())) {
            throw new Hl7ParseException(1, "the message is empty; an HL7 message starts with MSH");
        }
        if (!text.startsWith("MSH", start)) {
            throw new Hl7ParseException(1, "an HL7 message starts with MSH, this one with '" + preview(text, start) + "'");
        }
        Delimiters delimiters = readDelimiters(text, start);
        List<int[]> segments = new ArrayList<>();
        int segmentStart = start;
        for (int i = start; i <= text.length(); i++) {
            if (i == text.length() || isLineBreak(text.charAt(i))) {
                if (!isBlank(text, segmentStart, i)) {
                    checkSegmentName(text, segmentStart, i, delimiters.field(), segments.size() + 1);
                    segments.add(new int[] {segmentStart, i});
                }
                segmentStart = i + 1;
            }
        }
        int[] starts = new int[segments.size()];
        int[] ends = new int[segments.size()];
        for (int i = 0; i < segments.size(); i++) {
            starts[i] = segments.get(i)[0];
            ends[i] = segments.get(i)[1];
        }
        return new Hl7Message(text, delimiters, starts, ends);
    }

    /** The message exactly as received. */
    public String text() {
        return text;
    }

    public Delimiters delimiters() {
        return delimiters;
    }

    public int segmentCount() {
        return starts.length;
    }

    /** The name of a segment, counting from 0 in message order. */
    public String segmentName(int index) {
        return text.substring(starts[index], starts[index] + 3);
    }

    /** The names of all segments in order, such as [MSH, EVN, PID, PV1]. */
    public List<String> segmentNames() {
        List<String> names = new ArrayList<>(starts.length);
        for (int i = 0; i < starts.length; i++) names.add(segmentName(i));
        return names;
    }

    /** A whole segment as written, without its line break, counting from 0. */
    public String segment(int index) {
        return text.substring(starts[index], ends[index]);
    }

    /** The value at a path such as {@code PID-3.1}; see {@link #get(Hl7Path)}. */
    public String get(String path) {
        return get(Hl7Path.parse(path));
    }

    /**
     * The value at a path as written, or the empty text when the message has no such segment, field,
     * repetition, component or subcomponent (HL7 makes no difference between empty and absent). A path
     * without repetition and component gives the whole field, repetitions and all; with a component and
     * no repetition, the first repetition is meant.
     */
    public String get(Hl7Path path) {
        int segment = findSegment(path.segment(), path.occurrence());
        if (segment < 0) return "";
        int s = starts[segment];
        int e = ends[segment];
        boolean header = path.segment().equals("MSH") || path.segment().equals("BHS") || path.segment().equals("FHS");
        if (header && path.field() == 1) return String.valueOf(delimiters.field());
        long field = piece(s, e, delimiters.field(), header ? path.field() - 1 : path.field());
        if (field < 0) return "";
        if (header && path.field() == 2) return slice(field);
        if (path.repetition() == 0 && path.component() == 0) return slice(field);
        long repetition = piece(begin(field), end(field), delimiters.repetition(), Math.max(1, path.repetition()) - 1);
        if (repetition < 0 || path.component() == 0) return repetition < 0 ? "" : slice(repetition);
        long component = piece(begin(repetition), end(repetition), delimiters.component(), path.component() - 1);
        if (component < 0 || path.subcomponent() == 0) return component < 0 ? "" : slice(component);
        long subcomponent = piece(begin(component), end(component), delimiters.subcomponent(), path.subcomponent() - 1);
        return subcomponent < 0 ? "" : slice(subcomponent);
    }

    private int findSegment(String name, int occurrence) {
        int seen = 0;
        for (int i = 0; i < starts.length; i++) {
            if (text.startsWith(name, starts[i]) && ++seen == occurrence) return i;
        }
        return -1;
    }

    /**
     * The range of the n-th piece (from 0) of text[from, to) split at sep, packed as start &lt;&lt; 32 | end
     * so that finding a value allocates nothing; -1 when there are fewer pieces.
     */
    private long piece(int from, int to, char sep, int n) {
        int begin = from;
        for (int i = 0; i < n; i++) {
            int next = text.indexOf(sep, begin);
            if (next < 0 || next >= to) return -1;
            begin = next + 1;
        }
        int end = text.indexOf(sep, begin);
        if (end < 0 || end > to) end = to;
        return ((long) begin << 32) | end;
    }

    private static int begin(long range) {
        return (int) (range >>> 32);
    }

    private static int end(long range) {
        return (int) range;
    }

    private String slice(long range) {
        return text.substring(begin(range), end(range));
    }

    private static Delimiters readDelimiters(String text, int start) throws Hl7ParseException {
        if (text.length() <= start + 3 || isLineBreak(text.charAt(start + 3))) {
            throw new Hl7ParseException(1, "MSH ends before MSH-1 (the field separator) and MSH-2 (the encoding characters)");
        }
        char field = text.charAt(start + 3);
        int end = start + 4;
        while (end < text.length() && text.charAt(end) != field && !isLineBreak(text.charAt(end))) end++;
        String encoding = text.substring(start + 4, end);
        if (encoding.isEmpty()) {
            throw new Hl7ParseException(1, "MSH-2 (the encoding characters, usually ^~\\&) is missing");
        }
        if (end < text.length() && isLineBreak(text.charAt(end)) && encoding.length() < 4) {
            throw new Hl7ParseException(1, "MSH-2 (the encoding characters) is cut short by a line break after '" + encoding + "'");
        }
        try {
            return Delimiters.of(field, encoding);
        } catch (IllegalArgumentException e) {
            throw new Hl7ParseException(1, e.getMessage());
        }
    }

    private static void checkSegmentName(String text, int start, int end, char field, int number) throws Hl7ParseException {
        boolean named = end - start >= 3 && isUpper(text.charAt(start)) && isUpperOrDigit(text.charAt(start + 1))
                && isUpperOrDigit(text.charAt(start + 2)) && (end - start == 3 || text.charAt(start + 3) == field);
        if (!named) {
            throw new Hl7ParseException(number, "'" + preview(text, start) + "' is not a segment; a segment starts with a "
                    + "three-character name such as PID followed by " + field);
        }
    }

    /** Whether text[from, to) is empty or only white space, without copying it. */
    private static boolean isBlank(String text, int from, int to) {
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

    private static boolean isLineBreak(char c) {
        return c == '\r' || c == '\n';
    }

    /** The first characters at a position, control characters made visible, for error messages. */
    private static String preview(String text, int start) {
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
