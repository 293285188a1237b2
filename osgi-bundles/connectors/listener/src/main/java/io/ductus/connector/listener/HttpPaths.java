package io.ductus.connector.listener;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A request path as it is matched: decoded (the caller's URI decoder did that), its dot segments resolved and
 * empty segments dropped (RFC 3986 §5.2.4), so that {@code /adt/../admin} is {@code /admin} and does not
 * match {@code /adt}, and {@code //adt} is {@code /adt}. Above the root is the root.
 */
public final class HttpPaths {

    private HttpPaths() {
    }

    /** The normalized form of a decoded path; always starts with {@code /}. */
    public static String normalize(String path) {
        Deque<String> kept = new ArrayDeque<>();
        String[] segments = path.split("/", -1);
        for (String segment : segments) {
            if (segment.isEmpty() || segment.equals(".")) continue;
            if (segment.equals("..")) {
                kept.pollLast();
                continue;
            }
            kept.addLast(segment);
        }
        StringBuilder normalized = new StringBuilder();
        for (String segment : kept) normalized.append('/').append(segment);
        String last = segments[segments.length - 1];
        boolean directory = last.isEmpty() || last.equals(".") || last.equals("..");
        if (normalized.isEmpty() || (directory && segments.length > 1)) normalized.append('/');
        return normalized.toString();
    }
}
