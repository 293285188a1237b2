package io.ductus.core.retention;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long audit rows are kept: whole years, {@code 6y} (the default), at least one. A year counts 365 days:
 * rows a few days older than a calendar's years are gone a little early, never late.
 */
public record KeepYears(int years) {

    public static final KeepYears DEFAULT = new KeepYears(6);
    public static final String EXPECTED = "whole years such as 6y (at least 1y)";
    private static final Pattern YEARS = Pattern.compile("^\\s*([0-9]{1,3})\\s*y\\s*$");
    private static final long YEAR_MS = 365L * 86_400_000L;

    public KeepYears {
        if (years < 1) throw new IllegalArgumentException("audit rows are kept at least 1y, got " + years + "y");
    }

    /** @throws IllegalArgumentException saying what was expected */
    public static KeepYears parse(String text) {
        Matcher m = YEARS.matcher(text);
        if (!m.matches()) throw new IllegalArgumentException("expected " + EXPECTED + ", got '" + text + "'");
        return new KeepYears(Integer.parseInt(m.group(1)));
    }

    /** Rows written before this are past keeping at {@code now}. */
    public long cutoff(long now) {
        return now - years * YEAR_MS;
    }

    public String word() {
        return years + "y";
    }
}
