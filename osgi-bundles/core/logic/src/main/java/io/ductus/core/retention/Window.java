package io.ductus.core.retention;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How long an interface keeps its messages: one of three whole-week windows (seed 000 "Retention": windows
 * are whole weeks, so a shift of a few days never changes the number of partitions).
 */
public enum Window {
    ONE_WEEK("1w", 7),
    THREE_WEEKS("3w", 21),
    SEVEN_WEEKS("7w", 49);

    /** The default when neither the interface nor ductus.yaml says. */
    public static final Window DEFAULT = SEVEN_WEEKS;
    private static final long DAY_MS = 86_400_000L;

    private final String word;
    private final int days;

    Window(String word, int days) {
        this.word = word;
        this.days = days;
    }

    /** As written in YAML: 1w, 3w or 7w. */
    public String word() {
        return word;
    }

    public int days() {
        return days;
    }

    public long millis() {
        return days * DAY_MS;
    }

    /** Messages received before this are past the window at {@code now}. */
    public long cutoff(long now) {
        return now - millis();
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(Window::word).toList();
    }

    /** @throws IllegalArgumentException naming the three windows when {@code text} is none of them */
    public static Window parse(String text) {
        String w = text.strip().toLowerCase(Locale.ROOT);
        for (Window window : values()) if (window.word.equals(w)) return window;
        throw new IllegalArgumentException("expected one of " + String.join(", ", words()) + " (7, 21 or 49 days), got '" + text + "'");
    }

    /** The window of {@code days}, as the store records it. */
    public static Window ofDays(int days) {
        for (Window window : values()) if (window.days == days) return window;
        throw new IllegalArgumentException("no retention window of " + days + " days");
    }
}
