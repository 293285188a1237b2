package io.ductus.core.hl7;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    private static final Pattern SYNTAX = Pattern.compile(
            "([A-Z][A-Z0-9]{2})(?:\\[(\\d{1,4})])?-(\\d{1,3})(?:\\((\\d{1,4})\\))?(?:\\.(\\d{1,3})(?:\\.(\\d{1,3}))?)?");
    private static final Pattern SEGMENT = Pattern.compile("[A-Z][A-Z0-9]{2}");

    /** The shape of a path in words, for error messages. */
    public static final String EXPECTED = "an HL7 path such as PID-3.1, PID-3(2).1 or OBX[2]-5";

    public Hl7Path {
        if (segment == null || !SEGMENT.matcher(segment).matches()) {
            throw new IllegalArgumentException("segment name must be three capitals or digits, starting with a capital, got '" + segment + "'");
        }
        if (occurrence < 1) throw new IllegalArgumentException("segment occurrence counts from 1, got " + occurrence);
        if (field < 1) throw new IllegalArgumentException("field numbers count from 1, got " + field);
        if (repetition < 0 || component < 0 || subcomponent < 0) throw new IllegalArgumentException("negative position in " + segment);
        if (subcomponent > 0 && component == 0) throw new IllegalArgumentException("a subcomponent needs a component");
    }

    /** Reads a path; the exception's message says what is wrong and shows the expected shape. */
    public static Hl7Path parse(String text) {
        String s = text == null ? "" : text.strip();
        Matcher m = SYNTAX.matcher(s);
        if (!m.matches()) throw new IllegalArgumentException("expected " + EXPECTED + ", got '" + s + "'");
        int occurrence = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        int field = Integer.parseInt(m.group(3));
        int repetition = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
        int component = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
        int subcomponent = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
        if (occurrence == 0 || field == 0 || (m.group(4) != null && repetition == 0) || (m.group(5) != null && component == 0)
                || (m.group(6) != null && subcomponent == 0)) {
            throw new IllegalArgumentException("numbers in an HL7 path count from 1, got '" + s + "'");
        }
        return new Hl7Path(m.group(1), occurrence, field, repetition, component, subcomponent);
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
