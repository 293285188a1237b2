package io.ductus.sdk.hl7;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The MSH segment of an HL7 v2 message: its delimiters and fields. Only the header is read; the rest of
 * the message is not looked at.
 */
public final class Hl7Header {

    private final char fieldSeparator;
    private final String encodingCharacters;
    /** fields.get(n) is MSH-n; index 0 unused, 1 the field separator, 2 the encoding characters. */
    private final List<String> fields;

    private Hl7Header(char fieldSeparator, String encodingCharacters, List<String> fields) {
        this.fieldSeparator = fieldSeparator;
        this.encodingCharacters = encodingCharacters;
        this.fields = fields;
    }

    /**
     * Reads the MSH at the start of the message (a UTF-8 byte order mark and leading blank lines are
     * skipped). Throws {@link Hl7FormatException} saying what is wrong when there is no usable MSH.
     */
    public static Hl7Header read(byte[] message) {
        String text = new String(message, 0, Math.min(message.length, 64 * 1024), StandardCharsets.ISO_8859_1);
        int start = 0;
        if (text.startsWith("\u00EF\u00BB\u00BF")) start = 3;
        while (start < text.length() && (text.charAt(start) == '\r' || text.charAt(start) == '\n')) start++;
        if (text.length() == start) throw new Hl7FormatException("the message is empty");
        if (!text.startsWith("MSH", start)) {
            throw new Hl7FormatException("the message does not start with an MSH segment (starts with '"
                    + printable(text.substring(start, Math.min(text.length(), start + 12))) + "')");
        }
        if (text.length() < start + 8) throw new Hl7FormatException("the MSH segment is cut short");
        char fieldSeparator = text.charAt(start + 3);
        if (Character.isLetterOrDigit(fieldSeparator) || fieldSeparator == '\r' || fieldSeparator == '\n') {
            throw new Hl7FormatException("MSH-1 (field separator) is '" + printable(String.valueOf(fieldSeparator)) + "', not a delimiter");
        }
        int end = start;
        while (end < text.length() && text.charAt(end) != '\r' && text.charAt(end) != '\n') end++;
        String segment = text.substring(start, end);
        List<String> fields = new ArrayList<>();
        fields.add("MSH");
        fields.add(String.valueOf(fieldSeparator));
        int from = 4;
        while (true) {
            int next = segment.indexOf(fieldSeparator, from);
            fields.add(segment.substring(from, next < 0 ? segment.length() : next));
            if (next < 0) break;
            from = next + 1;
        }
        // fields now: [MSH, |, MSH-2, MSH-3, ...]
        String encoding = fields.get(2);
        if (encoding.length() < 4 || encoding.length() > 5 || encoding.indexOf(fieldSeparator) >= 0
                || encoding.chars().distinct().count() != encoding.length()) {
            throw new Hl7FormatException("MSH-2 (encoding characters) is '" + printable(encoding)
                    + "'; expected four or five distinct delimiters such as ^~\\&");
        }
        return new Hl7Header(fieldSeparator, encoding, List.copyOf(fields));
    }

    public char fieldSeparator() {
        return fieldSeparator;
    }

    /** MSH-2: component, repetition, escape and subcomponent characters (and truncation in v2.7+). */
    public String encodingCharacters() {
        return encodingCharacters;
    }

    public char componentSeparator() {
        return encodingCharacters.charAt(0);
    }

    /** MSH-n as written (with its components), or empty when the message has no such field or it is empty. */
    public Optional<String> field(int n) {
        if (n < 1) throw new IllegalArgumentException("MSH fields are numbered from 1");
        return n < fields.size() && !fields.get(n).isEmpty() ? Optional.of(fields.get(n)) : Optional.empty();
    }

    /** Component c (from 1) of MSH-n, or empty. */
    public Optional<String> component(int n, int c) {
        return field(n).map(f -> {
            String[] parts = f.split(java.util.regex.Pattern.quote(String.valueOf(componentSeparator())), -1);
            return c <= parts.length ? parts[c - 1] : "";
        }).filter(s -> !s.isEmpty());
    }

    /** MSH-10, the sender's message control id. */
    public Optional<String> controlId() {
        return field(10);
    }

    /** MSH-12, the version (its first component). */
    public Optional<String> version() {
        return component(12, 1);
    }

    static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c >= 0x20 && c < 0x7f) b.append(c);
            else b.append(String.format("\\x%02X", (int) c));
        }
        return b.toString();
    }
}
