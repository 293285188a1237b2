package io.ductus.connector.http;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.Optional;

/**
 * A Content-Type header read for what the listener needs: the media type (lower case, without
 * parameters) and the charset parameter, if any.
 *
 * @param type        such as {@code application/json}; empty when the header is missing
 * @param charsetName the {@code charset=} parameter as written, or null
 */
record MediaType(String type, String charsetName) {

    static MediaType parse(String header) {
        if (header == null || header.isBlank()) return new MediaType("", null);
        String[] parts = header.split(";");
        String charset = null;
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].strip();
            int eq = parameter.indexOf('=');
            if (eq > 0 && parameter.substring(0, eq).strip().equalsIgnoreCase("charset")) {
                charset = unquote(parameter.substring(eq + 1).strip());
            }
        }
        return new MediaType(parts[0].strip().toLowerCase(Locale.ROOT), charset);
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"") ? value.substring(1, value.length() - 1) : value;
    }

    /**
     * The charset the header names: empty when it names none; throws IllegalArgumentException with a
     * readable reason when it names one this JVM does not know.
     */
    Optional<Charset> charset() {
        if (charsetName == null || charsetName.isBlank()) return Optional.empty();
        try {
            return Optional.of(Charset.forName(charsetName));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new IllegalArgumentException("unknown charset '" + charsetName + "' in Content-Type");
        }
    }
}
