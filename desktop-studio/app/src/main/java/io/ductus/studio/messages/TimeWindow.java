package io.ductus.studio.messages;

import java.time.Duration;
import java.time.Instant;

/** The browser's time presets; each gives [from, to) at a moment, {@link #CUSTOM} the user's own bounds. */
public enum TimeWindow {
    LAST_HOUR("Last hour", Duration.ofHours(1)),
    LAST_DAY("Last 24 hours", Duration.ofDays(1)),
    LAST_WEEK("Last 7 days", Duration.ofDays(7)),
    LAST_MONTH("Last 30 days", Duration.ofDays(30)),
    ANY("Any time", null),
    CUSTOM("Between…", null);

    private final String label;
    private final Duration length;

    TimeWindow(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    /** The window's start at {@code now}; null when it has none. */
    public Instant from(Instant now) {
        return length == null ? null : now.minus(length);
    }

    @Override
    public String toString() {
        return label;
    }
}
