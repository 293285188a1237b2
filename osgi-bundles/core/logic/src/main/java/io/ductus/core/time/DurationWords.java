package io.ductus.core.time;

import java.time.Duration;

/** A duration the way an operator reads it: {@code 45 s}, {@code 3 min}, {@code 2 h 5 min}, {@code 3 days}. */
public final class DurationWords {

    private DurationWords() {
    }

    public static String of(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) return s + " s";
        long m = s / 60;
        if (m < 60) return m + " min";
        long h = m / 60;
        if (h < 48) return h + " h" + (m % 60 == 0 ? "" : " " + m % 60 + " min");
        return h / 24 + " days";
    }
}
