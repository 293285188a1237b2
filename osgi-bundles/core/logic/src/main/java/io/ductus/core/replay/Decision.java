package io.ductus.core.replay;

import java.util.Locale;

/** What became (or would become) of a delivery. */
public enum Decision {
    SENT, FILTERED, QUARANTINED, RETRY,
    /** Not decided yet (on record: still pending). */
    PENDING;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A delivery's status as the store keeps it: pending, sent, filtered, quarantined. */
    public static Decision ofStatus(String status) {
        return switch (status) {
            case "sent" -> SENT;
            case "filtered" -> FILTERED;
            case "quarantined" -> QUARANTINED;
            default -> PENDING;
        };
    }
}
