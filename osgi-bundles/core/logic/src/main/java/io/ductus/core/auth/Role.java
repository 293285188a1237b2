package io.ductus.core.auth;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a caller may do, each role including the ones before it: viewer &lt; operator &lt; admin. */
public enum Role {
    /** Reads: engine, interfaces, messages (payloads need the {@link Permission#PAYLOADS} permission). */
    VIEWER,
    /** A viewer who may also act: resend, pause, drain. */
    OPERATOR,
    /** An operator who may also manage users and tokens, and has every permission. */
    ADMIN;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Role other) {
        return compareTo(other) >= 0;
    }

    public static Role lower(Role a, Role b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Parses a role's label; the message lists the roles there are. */
    public static Role parse(String text) {
        for (Role r : values()) if (r.label().equals(text)) return r;
        throw new IllegalArgumentException("role must be one of " + labels() + ", not '" + text + "'");
    }

    public static String labels() {
        return Arrays.stream(values()).map(Role::label).collect(Collectors.joining(", "));
    }
}
