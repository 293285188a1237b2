package io.ductus.core.replay;

import java.util.Locale;

/** What one message and destination of a replay came to. */
public enum RowKind {
    /** The candidate decides the same and delivers the same (ignored fields aside). */
    SAME,
    /** Both deliver, and the outputs differ: the differences say where. */
    CHANGED,
    /** sent, filtered and quarantined: the candidate decides otherwise than the record. */
    DECISION_CHANGED,
    /** The candidate threw or ran away (or its code does not load). */
    ERROR,
    /** Nothing to compare honestly: the code wanted to write, would be retried, or nothing is on record. */
    NOT_COMPARABLE,
    /** The recorded revision, run again, does not decide what it recorded: the old code or the world changed, not the candidate. */
    DRIFT;

    /** The name in the API, the CLI and the results table: same, changed, decision_changed, … */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RowKind ofKey(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT).replace(' ', '_').replace('-', '_'));
    }
}
