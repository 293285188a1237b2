package io.ductus.format.hl7;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The MSH segment of an HL7 v2 message: its delimiters and fields. {@link #read(byte[])} reads the header
 * alone (a listener answering with an ACK, or refusing what is not HL7, needs no more);
 * {@link Hl7Message#header()} gives the same view of a parsed message. Both find MSH and its delimiters
 * with the same code ({@link #start}, {@link #readDelimiters}), so they agree on what HL7 is.
 *
 * <p>Read from bytes, the header's text is ISO-8859-1, which maps every byte to one char and back: fields
 * copied into an ACK keep their exact bytes in any charset that writes ASCII as ASCII.
 */
public final class Hl7Header {

    private final Hl7Segment msh;

    Hl7Header(Hl7Segment msh) {
        this.msh = msh;
    }

    /**
     * Reads the MSH at the start of a message (a UTF-8 byte order mark and leading line breaks are
     * skipped), without looking at the rest.
     *
     * @throws Hl7ParseException naming segment 1 and what is wrong when there is no usable MSH
     */
    public static Hl7Header read(byte[] message) throws Hl7ParseException {
        int from = message.length >= 3 && (message[0] & 0xff) == 0xEF && (message[1] & 0xff) == 0xBB
                && (message[2] & 0xff) == 0xBF ? 3 : 0;
        int limit = message.length; // only the first line is decoded, however long it is
        int lineBreaks = from;
        while (lineBreaks < limit && (message[lineBreaks] == '\r' || message[lineBreaks] == '\n')) lineBreaks++;
        int end = lineBreaks;
        while (end < limit && message[end] != '\r' && message[end] != '\n') end++;
        String text = new String(message, from, end - from, StandardCharsets.ISO_8859_1);
        int start = start(text);
        Delimiters delimiters = readDelimiters(text, start, 1);
        return new Hl7Header(new Hl7Segment(text.substring(start), "", delimiters));
    }

    /**
     * Where MSH starts in a message's text: after a byte order mark (U+FEFF) and line breaks.
     *
     * @throws Hl7ParseException when the text is empty or does not start with MSH
     */
    static int start(String text) throws Hl7ParseException {
        int start = 0;
        if (start < text.length() && text.charAt(start) == '\uFEFF') start++;
        while (start < text.length() && Hl7Message.isLineBreak(text.charAt(start))) start++;
        if (Hl7Message.isBlank(text, start, text.length())) {
            throw new Hl7ParseException(1, "the message is empty; an HL7 message starts with MSH");
        }
        if (!text.startsWith("MSH", start)) {
            throw new Hl7ParseException(1, "an HL7 message starts with MSH, this one with '" + Hl7Message.preview(text, start) + "'");
        }
        return start;
    }

    /**
     * The delimiters a header segment (MSH, BHS, FHS) at {@code start} declares in its fields 1 and 2.
     *
     * @param number the segment's number, for the error
     */
    static Delimiters readDelimiters(String text, int start, int number) throws Hl7ParseException {
        String h = text.substring(start, start + 3);
        if (text.length() <= start + 3 || Hl7Message.isLineBreak(text.charAt(start + 3))) {
            throw new Hl7ParseException(number, h + " ends before " + h + "-1 (the field separator) and " + h + "-2 (the encoding characters)");
        }
        char field = text.charAt(start + 3);
        int end = start + 4;
        while (end < text.length() && text.charAt(end) != field && !Hl7Message.isLineBreak(text.charAt(end))) end++;
        String encoding = text.substring(start + 4, end);
        if (encoding.isEmpty()) {
            throw new Hl7ParseException(number, h + "-2 (the encoding characters, usually ^~\\&) is missing");
        }
        if (end < text.length() && Hl7Message.isLineBreak(text.charAt(end)) && encoding.length() < 4) {
            throw new Hl7ParseException(number, h + "-2 (the encoding characters) is cut short by a line break after '" + encoding + "'");
        }
        try {
            return Delimiters.of(field, encoding);
        } catch (IllegalArgumentException e) {
            throw new Hl7ParseException(number, e.getMessage().replace("MSH-", h + "-"));
        }
    }

    public Delimiters delimiters() {
        return msh.delimiters();
    }

    public char fieldSeparator() {
        return msh.delimiters().field();
    }

    /** MSH-2: component, repetition, escape and subcomponent characters (and truncation in v2.7+). */
    public String encodingCharacters() {
        return msh.delimiters().encodingCharacters();
    }

    public char componentSeparator() {
        return msh.delimiters().component();
    }

    /** MSH-n as written (with its components and escapes), or empty when the message has no such field or it is empty. */
    public Optional<String> field(int n) {
        if (n < 1) throw new IllegalArgumentException("MSH fields are numbered from 1");
        return nonEmpty(msh.getRaw(new Hl7Path("MSH", 1, n, 0, 0, 0)));
    }

    /** Component c (from 1) of MSH-n's first repetition as written, or empty. */
    public Optional<String> component(int n, int c) {
        return nonEmpty(msh.getRaw(new Hl7Path("MSH", 1, n, 0, c, 0)));
    }

    /**
     * The value at an MSH path as {@link Hl7Message#get} gives it (escapes decoded, MSH-1 and MSH-2 as
     * written), for a message in a charset that writes ASCII as ASCII ({@link Hl7Charsets#isAsciiCompatible}):
     * the header's bytes are read again in that charset. What a file name template needs of MSH, without
     * parsing the message.
     *
     * @throws IllegalArgumentException for a path outside MSH, or a charset that is not ASCII-compatible
     */
    public String get(Hl7Path path, java.nio.charset.Charset charset) {
        if (!path.segment().equals("MSH") || path.occurrence() != 1) {
            throw new IllegalArgumentException(path + " is not in the header; parse the message to read it");
        }
        if (!Hl7Charsets.isAsciiCompatible(charset)) throw new IllegalArgumentException(charset + " does not write ASCII as ASCII");
        String raw = msh.getRaw(path);
        String text = charset.equals(StandardCharsets.ISO_8859_1) ? raw : new String(raw.getBytes(StandardCharsets.ISO_8859_1), charset);
        return path.field() <= 2 ? text : Hl7Escapes.decode(text, msh.delimiters());
    }

    /** MSH-10, the sender's message control id. */
    public Optional<String> controlId() {
        return field(10);
    }

    /**
     * MSH-10 as written, read from input that is not a readable header (its delimiters are odd, it was cut
     * short): when it starts with MSH and a field separator and its first line has ten fields, the tenth,
     * if it holds printable characters only. What an AR for unreadable input names in MSA-2, so the sender
     * learns which of its messages was refused.
     */
    public static Optional<String> controlIdOf(byte[] input) {
        int from = input.length >= 3 && (input[0] & 0xff) == 0xEF && (input[1] & 0xff) == 0xBB && (input[2] & 0xff) == 0xBF ? 3 : 0;
        while (from < input.length && (input[from] == '\r' || input[from] == '\n')) from++;
        if (input.length < from + 4 || input[from] != 'M' || input[from + 1] != 'S' || input[from + 2] != 'H') return Optional.empty();
        byte separator = input[from + 3];
        if (separator == '\r' || separator == '\n' || separator < 0x20) return Optional.empty();
        int field = 1; // MSH-1 is the separator itself
        int start = from + 4;
        for (int i = start; i <= input.length; i++) {
            boolean endOfLine = i == input.length || input[i] == '\r' || input[i] == '\n';
            if (endOfLine || input[i] == separator) {
                field++;
                if (field == 10) {
                    if (i == start) return Optional.empty();
                    for (int j = start; j < i; j++) if (input[j] < 0x20 || input[j] == 0x7f) return Optional.empty();
                    return Optional.of(new String(input, start, i - start, StandardCharsets.ISO_8859_1));
                }
                if (endOfLine) return Optional.empty();
                start = i + 1;
            }
        }
        return Optional.empty();
    }

    /** MSH-12, the version (its first component). */
    public Optional<String> version() {
        return component(12, 1);
    }

    /** The MSH segment as written, without its line break. */
    public String text() {
        return msh.text();
    }

    private static Optional<String> nonEmpty(String value) {
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    @Override
    public String toString() {
        return msh.text();
    }
}
