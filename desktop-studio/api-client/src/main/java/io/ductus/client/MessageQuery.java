package io.ductus.client;

import java.time.Instant;

/**
 * A listMessages filter: interface, status, time window (from inclusive, to exclusive), payload text with the
 * bound of one text search, and paging by id. Null means "not filtered"; {@code with…} methods give changed
 * copies.
 */
public record MessageQuery(String interfaceName, String status, Instant from, Instant to, String text, Integer scanLimit,
                           Long before, int limit) {

    public static final int DEFAULT_LIMIT = 50;

    public static MessageQuery all() {
        return new MessageQuery(null, null, null, null, null, null, null, DEFAULT_LIMIT);
    }

    public MessageQuery withInterface(String name) {
        return new MessageQuery(blankToNull(name), status, from, to, text, scanLimit, before, limit);
    }

    public MessageQuery withStatus(String s) {
        return new MessageQuery(interfaceName, blankToNull(s), from, to, text, scanLimit, before, limit);
    }

    public MessageQuery between(Instant f, Instant t) {
        return new MessageQuery(interfaceName, status, f, t, text, scanLimit, before, limit);
    }

    public MessageQuery withText(String t) {
        return new MessageQuery(interfaceName, status, from, to, blankToNull(t), scanLimit, before, limit);
    }

    public MessageQuery before(Long id) {
        return new MessageQuery(interfaceName, status, from, to, text, scanLimit, id, limit);
    }

    public MessageQuery limit(int n) {
        return new MessageQuery(interfaceName, status, from, to, text, scanLimit, before, n);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
