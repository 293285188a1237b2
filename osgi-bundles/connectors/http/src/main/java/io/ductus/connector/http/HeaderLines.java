package io.ductus.connector.http;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code headers} setting: one {@code Name: value} per line. Names are HTTP tokens; the headers the
 * HTTP client sets itself (Host, Content-Length, Connection, …) cannot be given.
 */
final class HeaderLines {

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Set<String> SET_BY_CLIENT = Set.of("host", "content-length", "connection", "expect", "upgrade",
            "transfer-encoding", "te", "trailer", "keep-alive", "proxy-connection");

    private HeaderLines() {
    }

    /** The headers by name, in the order written; the exception names the line that is wrong. */
    static Map<String, String> parse(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (text == null) return headers;
        String[] lines = text.split("\\R");
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n].strip();
            if (line.isEmpty()) continue;
            int colon = line.indexOf(':');
            String where = "line " + (n + 1) + " '" + line + "'";
            if (colon <= 0) throw new IllegalArgumentException(where + ": expected Name: value");
            String name = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (!TOKEN.matcher(name).matches()) throw new IllegalArgumentException(where + ": '" + name + "' is not a header name");
            if (SET_BY_CLIENT.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(where + ": " + name + " is set by the HTTP client itself");
            }
            if (name.equalsIgnoreCase("content-type")) {
                throw new IllegalArgumentException(where + ": use the content_type setting for Content-Type");
            }
            if (value.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
                throw new IllegalArgumentException(where + ": the value has control characters");
            }
            headers.put(name, value);
        }
        return headers;
    }
}
