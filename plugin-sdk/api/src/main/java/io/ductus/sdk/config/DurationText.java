package io.ductus.sdk.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as settings write them: {@code 250ms}, {@code 5s}, {@code 2m}, {@code 1h}, and days ({@code 7d}) for what is kept long. The one parser for all of them. */
public final class DurationText {

    public static final String EXPECTED = "a duration such as 500ms, 5s, 2m or 1h";
    private static final Pattern TEXT = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h|d)");

    private DurationText() {
    }

    /** Parses the text; the exception's message says what was expected. */
    public static Duration parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw new IllegalArgumentException("expected " + EXPECTED + ", got '" + text + "'");
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "d" -> Duration.ofDays(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
