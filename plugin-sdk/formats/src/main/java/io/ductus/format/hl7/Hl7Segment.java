package io.ductus.format.hl7;

import java.util.Objects;

/**
 * One segment of a {@link Hl7Message}: its text as written (without the line break) and what followed
 * it up to the next segment (its terminator and any blank lines), so that writing the message back gives
 * every unchanged byte as received. A change rewrites only the value it changes; the rest of the
 * segment keeps its spelling, escapes and trailing separators.
 *
 * <p>Positions follow {@link Hl7Path}: fields, repetitions, components and subcomponents count from 1,
 * and 0 means "the whole". In the header segments MSH, BHS and FHS field 1 is the field separator and
 * field 2 the encoding characters.
 */
public final class Hl7Segment {

    private final Delimiters delimiters;
    private String name; // the first three characters of text, which no change touches; made on first use
    private String text;
    private String trailer;
    private boolean changed;

    Hl7Segment(String text, String trailer, Delimiters delimiters) {
        this.text = text;
        this.trailer = trailer;
        this.delimiters = delimiters;
    }

    /** This segment as it is now, for a copy of its message. */
    Hl7Segment copy() {
        Hl7Segment copy = new Hl7Segment(text, trailer, delimiters);
        copy.name = name;
        copy.changed = changed;
        return copy;
    }

    /** The segment name, such as {@code PID} or {@code ZPI}. */
    public String name() {
        if (name == null) name = text.substring(0, 3);
        return name;
    }

    /**
     * How many fields the segment has as written (trailing empty fields included): the highest field number
     * {@link #get} reads a value of. For MSH, BHS and FHS field 1 is the field separator, so MSH counts it.
     */
    public int fieldCount() {
        int separators = 0;
        char sep = delimiters.field();
        for (int i = text.indexOf(sep); i >= 0; i = text.indexOf(sep, i + 1)) separators++;
        return isHeader() ? separators + 1 : separators;
    }

    /**
     * Every field as written (escapes not decoded), from field 1 to {@link #fieldCount()}, found in one
     * pass: what a tree of the message is built from. For MSH, BHS and FHS field 1 is the field separator
     * and field 2 the encoding characters.
     */
    public java.util.List<String> rawFields() {
        java.util.List<String> fields = new java.util.ArrayList<>();
        char sep = delimiters.field();
        int start = text.indexOf(sep);
        if (start < 0) return fields;
        if (isHeader()) fields.add(String.valueOf(sep));
        while (start >= 0) {
            int next = text.indexOf(sep, start + 1);
            fields.add(text.substring(start + 1, next < 0 ? text.length() : next));
            start = next;
        }
        return fields;
    }

    /** The segment as written now, without its line break. */
    public String text() {
        return text;
    }

    /** The value at a path relative to this segment, such as {@code "5"}, {@code "5.1"} or {@code "3(2).1.2"}; escapes decoded. */
    public String get(String fieldPath) {
        return get(relative(fieldPath));
    }

    /** The value at a path relative to this segment, as written (escapes not decoded). */
    public String getRaw(String fieldPath) {
        return getRaw(relative(fieldPath));
    }

    /** Sets the value at a path relative to this segment, escaping separators in it; see {@link Hl7Message#set(Hl7Path, String)}. */
    public void set(String fieldPath, String value) {
        set(relative(fieldPath), value);
    }

    /** Sets the value at a path relative to this segment as written (its separators kept as structure). */
    public void setRaw(String fieldPath, String raw) {
        setRaw(relative(fieldPath), raw);
    }

    private Hl7Path relative(String fieldPath) {
        return Hl7Path.relative(name(), Objects.requireNonNull(fieldPath, "fieldPath"));
    }

    String get(Hl7Path path) {
        if (isHeader() && path.field() <= 2) return getRaw(path);
        return Hl7Escapes.decode(getRaw(path), delimiters);
    }

    String getRaw(Hl7Path path) {
        if (isHeader() && path.field() == 1) return String.valueOf(delimiters.field());
        long field = piece(0, text.length(), delimiters.field(), fieldIndex(path.field()));
        if (field < 0) return "";
        if (isHeader() && path.field() == 2) return slice(field);
        if (path.repetition() == 0 && path.component() == 0) return slice(field);
        long repetition = piece(begin(field), end(field), delimiters.repetition(), Math.max(1, path.repetition()) - 1);
        if (repetition < 0 || path.component() == 0) return repetition < 0 ? "" : slice(repetition);
        long component = piece(begin(repetition), end(repetition), delimiters.component(), path.component() - 1);
        if (component < 0 || path.subcomponent() == 0) return component < 0 ? "" : slice(component);
        long subcomponent = piece(begin(component), end(component), delimiters.subcomponent(), path.subcomponent() - 1);
        return subcomponent < 0 ? "" : slice(subcomponent);
    }

    void set(Hl7Path path, String value) {
        setRaw(path, Hl7Escapes.encode(Objects.requireNonNull(value, "value"), delimiters));
    }

    /**
     * Replaces the value at a path with raw text, adding the separators needed when the segment is
     * shorter. The delimiters (MSH-1, MSH-2) cannot be changed this way: every value depends on them.
     */
    void setRaw(Hl7Path path, String raw) {
        Objects.requireNonNull(raw, "raw");
        if (raw.indexOf('\r') >= 0 || raw.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a value cannot hold a line break (it would end the segment); set() escapes them");
        }
        if (isHeader() && path.field() <= 2) {
            throw new IllegalArgumentException(name() + "-" + path.field() + " holds the delimiters and cannot be set");
        }
        long found = find(path);
        if (found >= 0) { // every separator is there already: one copy with the value replaced
            int begin = begin(found);
            int end = end(found);
            text = new StringBuilder(text.length() - (end - begin) + raw.length())
                    .append(text, 0, begin).append(raw).append(text, end, text.length()).toString();
            changed = true;
            return;
        }
        StringBuilder s = new StringBuilder(text);
        long range = ensure(s, 0, s.length(), delimiters.field(), fieldIndex(path.field()));
        if (path.repetition() != 0 || path.component() != 0) {
            range = ensure(s, begin(range), end(range), delimiters.repetition(), Math.max(1, path.repetition()) - 1);
            if (path.component() != 0) {
                range = ensure(s, begin(range), end(range), delimiters.component(), path.component() - 1);
                if (path.subcomponent() != 0) {
                    range = ensure(s, begin(range), end(range), delimiters.subcomponent(), path.subcomponent() - 1);
                }
            }
        }
        s.replace(begin(range), end(range), raw);
        text = s.toString();
        changed = true;
    }

    /** The range a path names, as {@link #setRaw} would find it, or -1 when a separator would have to be added. */
    private long find(Hl7Path path) {
        long range = piece(0, text.length(), delimiters.field(), fieldIndex(path.field()));
        if (range < 0 || (path.repetition() == 0 && path.component() == 0)) return range;
        range = piece(begin(range), end(range), delimiters.repetition(), Math.max(1, path.repetition()) - 1);
        if (range < 0 || path.component() == 0) return range;
        range = piece(begin(range), end(range), delimiters.component(), path.component() - 1);
        if (range < 0 || path.subcomponent() == 0) return range;
        return piece(begin(range), end(range), delimiters.subcomponent(), path.subcomponent() - 1);
    }

    /** Whether a value of this segment was set since it was read. */
    boolean changed() {
        return changed;
    }

    String trailer() {
        return trailer;
    }

    void trailer(String trailer) {
        this.trailer = trailer;
    }

    Delimiters delimiters() {
        return delimiters;
    }

    boolean isHeader() {
        return isHeader(text);
    }

    static boolean isHeader(String segmentText) {
        return segmentText.startsWith("MSH") || segmentText.startsWith("BHS") || segmentText.startsWith("FHS");
    }

    /** Which piece of the segment split at the field separator holds a field: the name is piece 0. */
    private int fieldIndex(int field) {
        return isHeader() ? field - 1 : field;
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
        return range(begin, end);
    }

    /** Like {@link #piece} on s, appending separators at {@code to} when there are fewer than n + 1 pieces. */
    private static long ensure(StringBuilder s, int from, int to, char sep, int n) {
        int begin = from;
        for (int i = 0; i < n; i++) {
            int next = indexOf(s, sep, begin, to);
            if (next < 0) {
                s.insert(to, String.valueOf(sep).repeat(n - i));
                int at = to + n - i;
                return range(at, at);
            }
            begin = next + 1;
        }
        int end = indexOf(s, sep, begin, to);
        return range(begin, end < 0 ? to : end);
    }

    private static int indexOf(StringBuilder s, char c, int from, int to) {
        for (int i = from; i < to; i++) if (s.charAt(i) == c) return i;
        return -1;
    }

    private static long range(int begin, int end) {
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

    @Override
    public String toString() {
        return text;
    }
}
