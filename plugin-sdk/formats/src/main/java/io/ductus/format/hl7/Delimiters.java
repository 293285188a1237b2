package io.ductus.format.hl7;

import java.util.Optional;

/**
 * The separators a message declares in MSH-1 and MSH-2, usually {@code |} and {@code ^~\&} (v2.7 adds a
 * fifth, the truncation character {@code #}).
 */
public record Delimiters(char field, char component, char repetition, char escape, char subcomponent,
                         Optional<Character> truncation) {

    /**
     * Reads MSH-2 (the encoding characters) given MSH-1; the message says what is wrong.
     *
     * @throws IllegalArgumentException when they are not 4 or 5 distinct characters that are not letters,
     *                                  digits, white space or the field separator
     */
    public static Delimiters of(char field, String encodingCharacters) {
        if (!isSeparator(field)) {
            throw new IllegalArgumentException("MSH-1 (the field separator) is '" + printable(field)
                    + "'; expected a character such as |");
        }
        int n = encodingCharacters.length();
        if (n < 4 || n > 5) {
            throw new IllegalArgumentException("MSH-2 (the encoding characters) must be 4 or 5 characters such as ^~\\& or ^~\\&#, got '"
                    + encodingCharacters + "'");
        }
        String all = field + encodingCharacters;
        for (int i = 0; i < all.length(); i++) {
            char c = all.charAt(i);
            if (!isSeparator(c)) {
                throw new IllegalArgumentException("MSH-2 (the encoding characters) holds '" + printable(c) + "'; they must not be letters, digits or spaces");
            }
            if (all.indexOf(c) != i) {
                throw new IllegalArgumentException("MSH-1 and MSH-2 use '" + c + "' twice; each separator must be different");
            }
        }
        return new Delimiters(field, encodingCharacters.charAt(0), encodingCharacters.charAt(1), encodingCharacters.charAt(2),
                encodingCharacters.charAt(3), n == 5 ? Optional.of(encodingCharacters.charAt(4)) : Optional.empty());
    }

    /** MSH-2 as written. */
    public String encodingCharacters() {
        return "" + component + repetition + escape + subcomponent + truncation.map(String::valueOf).orElse("");
    }

    private static boolean isSeparator(char c) {
        return !Character.isLetterOrDigit(c) && !Character.isWhitespace(c) && !Character.isISOControl(c);
    }

    static String printable(char c) {
        return Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }
}
