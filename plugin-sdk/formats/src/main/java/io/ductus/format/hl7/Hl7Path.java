package io.ductus.format.hl7;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A path to a value in an HL7 v2 message: {@code PID-3}, {@code PID-3.1}, {@code PID-3.1.2},
 * {@code OBX[2]-5} (the second OBX), {@code PID-3(2).1} (the second repetition). Every number counts
 * from 1; a part not written is 0 here and means "the whole thing" (all of a field, all of a component).
 *
 * @param segment      the segment name, such as {@code PID} or {@code ZPI}
 * @param occurrence   which segment of that name, from 1
 * @param field        the field number; for MSH, MSH-1 is the field separator and MSH-2 the encoding characters
 * @param repetition   which repetition of the field, from 1; 0 when not written (the whole field,
 *                     or the first repetition when a component is asked for)
 * @param component    the component, from 1, or 0 for the whole repetition
 * @param subcomponent the subcomponent, from 1, or 0 for the whole component
 */
public record Hl7Path(String segment, int occurrence, int field, int repetition, int component, int subcomponent) {

    /** The shape of a path in words, for error messages. */
    public static final String EXPECTED = "an HL7 path such as PID-3.1, PID-3(2).1 or OBX[2]-5";

    /**
     * Paths already read, by their text: a transform reads the same few literal paths on every message.
     * Bounded, since code can build paths (such as {@code 'OBX[' + i + ']-5'}): once full it is emptied,
     * and the paths in use are soon back. Only valid paths are kept, so errors are always made afresh.
     */
    private static final int CACHED = 2048;
    private static final ConcurrentHashMap<String, Hl7Path> READ = new ConcurrentHashMap<>();
    /** {@link #relative} paths by segment name, then field path; about {@link #CACHED} at most in all, emptied like the other. */
    private static final ConcurrentHashMap<String, ConcurrentHashMap<String, Hl7Path>> RELATIVE =
            new ConcurrentHashMap<>();
    private static final AtomicInteger RELATIVE_COUNT = new AtomicInteger();

    public Hl7Path {
        if (segment == null || segment.length() != 3 || !isSegmentName(segment, 0)) {
            throw new IllegalArgumentException("segment name must be three capitals or digits, starting with a capital, got '" + segment + "'");
        }
        if (occurrence < 1) throw new IllegalArgumentException("segment occurrence counts from 1, got " + occurrence);
        if (field < 1) throw new IllegalArgumentException("field numbers count from 1, got " + field);
        if (repetition < 0 || component < 0 || subcomponent < 0) throw new IllegalArgumentException("negative position in " + segment);
        if (subcomponent > 0 && component == 0) throw new IllegalArgumentException("a subcomponent needs a component");
    }

    /**
     * Reads a path; the exception's message says what is wrong and shows the expected shape. The syntax,
     * after leading and trailing white space: a segment name ({@code [A-Z][A-Z0-9]{2}}), an optional
     * occurrence {@code [1-4 digits]}, {@code -}, the field (1-3 digits), an optional repetition
     * {@code (1-4 digits)}, an optional {@code .component} and after it an optional {@code .subcomponent}
     * (1-3 digits each). Read by hand rather than by a regular expression, and remembered by their text
     * ({@link #READ}): transforms read paths on every call.
     */
    public static Hl7Path parse(String text) {
        Hl7Path known = text == null ? null : READ.get(text);
        if (known != null) return known;
        Hl7Path path = read(text);
        if (READ.size() >= CACHED) READ.clear();
        READ.put(text, path);
        return path;
    }

    /**
     * The path of a segment's field path such as {@code "5.1"}: {@code parse(segment + "-" + fieldPath)},
     * remembered by segment and field path (the segment's own methods read such paths on every call).
     */
    static Hl7Path relative(String segment, String fieldPath) {
        ConcurrentHashMap<String, Hl7Path> ofSegment = RELATIVE.get(segment);
        Hl7Path known = ofSegment == null ? null : ofSegment.get(fieldPath);
        if (known != null) return known;
        Hl7Path path = read(segment + "-" + fieldPath);
        if (RELATIVE_COUNT.incrementAndGet() > CACHED) {
            RELATIVE.clear();
            RELATIVE_COUNT.set(1);
        }
        RELATIVE.computeIfAbsent(segment, k -> new ConcurrentHashMap<>()).put(fieldPath, path);
        return path;
    }

    private static Hl7Path read(String text) {
        String s = text == null ? "" : text.strip();
        int n = s.length();
        if (n < 5 || !isSegmentName(s, 0)) throw notAPath(s);
        int i = 3;
        boolean zero = false;
        int occurrence = 1;
        if (s.charAt(i) == '[') {
            int end = digits(s, i + 1, 4);
            if (end < 0 || end >= n || s.charAt(end) != ']') throw notAPath(s);
            occurrence = number(s, i + 1, end);
            zero = occurrence == 0;
            i = end + 1;
        }
        if (i >= n || s.charAt(i) != '-') throw notAPath(s);
        int end = digits(s, i + 1, 3);
        if (end < 0) throw notAPath(s);
        int field = number(s, i + 1, end);
        zero |= field == 0;
        i = end;
        int repetition = 0;
        if (i < n && s.charAt(i) == '(') {
            end = digits(s, i + 1, 4);
            if (end < 0 || end >= n || s.charAt(end) != ')') throw notAPath(s);
            repetition = number(s, i + 1, end);
            zero |= repetition == 0;
            i = end + 1;
        }
        int component = 0;
        int subcomponent = 0;
        if (i < n && s.charAt(i) == '.') {
            end = digits(s, i + 1, 3);
            if (end < 0) throw notAPath(s);
            component = number(s, i + 1, end);
            zero |= component == 0;
            i = end;
            if (i < n && s.charAt(i) == '.') {
                end = digits(s, i + 1, 3);
                if (end < 0) throw notAPath(s);
                subcomponent = number(s, i + 1, end);
                zero |= subcomponent == 0;
                i = end;
            }
        }
        if (i != n) throw notAPath(s);
        if (zero) throw new IllegalArgumentException("numbers in an HL7 path count from 1, got '" + s + "'");
        return new Hl7Path(s.substring(0, 3), occurrence, field, repetition, component, subcomponent);
    }

    private static IllegalArgumentException notAPath(String s) {
        return new IllegalArgumentException("expected " + EXPECTED + ", got '" + s + "'");
    }

    /** The end of the run of ASCII digits at {@code from}, or -1 when it is empty or longer than {@code max}. */
    private static int digits(String s, int from, int max) {
        int end = from;
        while (end < s.length() && s.charAt(end) >= '0' && s.charAt(end) <= '9') end++;
        return end == from || end - from > max ? -1 : end;
    }

    private static int number(String s, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) value = value * 10 + (s.charAt(i) - '0');
        return value;
    }

    /** Whether the three characters at {@code at} are a segment name: a capital, then capitals or digits. */
    private static boolean isSegmentName(String s, int at) {
        return isUpper(s.charAt(at)) && isUpperOrDigit(s.charAt(at + 1)) && isUpperOrDigit(s.charAt(at + 2));
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static boolean isUpperOrDigit(char c) {
        return isUpper(c) || (c >= '0' && c <= '9');
    }

    /** Whether the text is a valid path. */
    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The path in its shortest written form, which parses back to an equal path. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(segment);
        if (occurrence != 1) s.append('[').append(occurrence).append(']');
        s.append('-').append(field);
        if (repetition > 0) s.append('(').append(repetition).append(')');
        if (component > 0) s.append('.').append(component);
        if (subcomponent > 0) s.append('.').append(subcomponent);
        return s.toString();
    }
}
