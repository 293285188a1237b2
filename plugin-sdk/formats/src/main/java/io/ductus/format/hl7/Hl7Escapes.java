package io.ductus.format.hl7;

/**
 * HL7 v2 escape sequences (v2.5 chapter 2.7): between two escape characters (usually {@code \}),
 * {@code F} stands for the field separator, {@code S} the component separator, {@code T} the
 * subcomponent separator, {@code R} the repetition separator, {@code E} the escape character itself,
 * {@code P} the truncation character (v2.7, only when MSH-2 declares one) and {@code Xhh…} for
 * characters given in hexadecimal.
 *
 * <p>Decoding turns those into the characters they stand for. Formatting sequences ({@code \.br\},
 * {@code \H\}, {@code \N\}, …), character-set switches ({@code \C…\}, {@code \M…\}), local ones
 * ({@code \Z…\}) and anything else unknown stay exactly as written, as does an escape character without
 * a closing one. An empty sequence ({@code \\}) stands for nothing, as HAPI reads it. Each hexadecimal
 * pair of {@code \Xhh…\} becomes the character with that code (0x00–0xFF, i.e. read as ISO-8859-1),
 * so {@code \X0D\} is CR; a sequence with an odd number of digits or a non-digit stays as written.
 *
 * <p>Encoding escapes exactly what would otherwise be read as structure: the four separators, the
 * escape character, the truncation character when there is one, and CR and LF (as {@code \X0D\} and
 * {@code \X0A\}, since they end segments).
 */
public final class Hl7Escapes {

    private Hl7Escapes() {
    }

    /** The text a value stands for; see the class comment for what is decoded and what is kept. */
    public static String decode(String raw, Delimiters d) {
        char esc = d.escape();
        int first = raw.indexOf(esc);
        if (first < 0) return raw;
        StringBuilder out = new StringBuilder(raw.length());
        out.append(raw, 0, first);
        int i = first;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (c != esc) {
                out.append(c);
                i++;
                continue;
            }
            int close = raw.indexOf(esc, i + 1);
            if (close < 0) { // no closing escape character: the rest is text as written
                out.append(raw, i, raw.length());
                break;
            }
            if (!appendSequence(raw, i + 1, close, d, out)) out.append(raw, i, close + 1);
            i = close + 1;
        }
        return out.toString();
    }

    /** Appends what raw[from, to) (the inside of one sequence) stands for; false to keep it as written. */
    private static boolean appendSequence(String raw, int from, int to, Delimiters d, StringBuilder out) {
        int n = to - from;
        if (n == 0) return true;
        char kind = raw.charAt(from);
        if (n == 1) {
            switch (kind) {
                case 'F' -> out.append(d.field());
                case 'S' -> out.append(d.component());
                case 'T' -> out.append(d.subcomponent());
                case 'R' -> out.append(d.repetition());
                case 'E' -> out.append(d.escape());
                case 'P' -> {
                    if (d.truncation().isEmpty()) return false;
                    out.append(d.truncation().get());
                }
                default -> {
                    return false;
                }
            }
            return true;
        }
        if (kind != 'X' || (n - 1) % 2 != 0) return false;
        for (int i = from + 1; i < to; i++) {
            if (Character.digit(raw.charAt(i), 16) < 0) return false;
        }
        for (int i = from + 1; i < to; i += 2) {
            out.append((char) (Character.digit(raw.charAt(i), 16) * 16 + Character.digit(raw.charAt(i + 1), 16)));
        }
        return true;
    }

    /** The value written so that {@link #decode} gives it back and no character of it is read as structure. */
    public static String encode(String value, Delimiters d) {
        if (!needsEscaping(value, d)) return value;
        char esc = d.escape();
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            String code = code(c, d);
            if (code == null) {
                out.append(c);
            } else {
                out.append(esc).append(code).append(esc);
            }
        }
        return out.toString();
    }

    private static boolean needsEscaping(String value, Delimiters d) {
        for (int i = 0; i < value.length(); i++) {
            if (code(value.charAt(i), d) != null) return true;
        }
        return false;
    }

    private static String code(char c, Delimiters d) {
        if (c == d.field()) return "F";
        if (c == d.component()) return "S";
        if (c == d.subcomponent()) return "T";
        if (c == d.repetition()) return "R";
        if (c == d.escape()) return "E";
        if (d.truncation().isPresent() && c == d.truncation().get()) return "P";
        if (c == '\r') return "X0D";
        if (c == '\n') return "X0A";
        return null;
    }
}
