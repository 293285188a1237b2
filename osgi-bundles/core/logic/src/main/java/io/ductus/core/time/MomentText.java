package io.ductus.core.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/**
 * A moment as a person writes it in a {@code from} or {@code to}: an instant ({@code 2026-12-01T08:00:00Z}),
 * a time with its offset ({@code 2026-12-01T09:00+01:00}), a local time ({@code 2026-12-01T09:00}) or a
 * date ({@code 2026-12-01}: the start of that day); local times and dates are read in the zone given.
 */
public final class MomentText {

    /** What the forms look like, for messages. */
    public static final String FORMS = "a date such as 2026-12-01 (the start of that day) or an instant such as 2026-12-01T08:00:00Z";

    private MomentText() {
    }

    /**
     * @param zone where a date or a local time is read (the engine reads them in UTC; the command line in the user's zone)
     * @throws IllegalArgumentException naming the forms, when the text is none of them
     */
    public static Instant parse(String text, ZoneId zone) {
        String t = text.strip();
        try {
            if (t.length() == 10) return LocalDate.parse(t).atStartOfDay(zone).toInstant();
            if (t.endsWith("Z") || t.endsWith("z")) return Instant.parse(t.toUpperCase(java.util.Locale.ROOT));
            if (t.matches(".*[+-]\\d\\d:?\\d\\d$") && t.indexOf('T') > 0) return OffsetDateTime.parse(t).toInstant();
            return LocalDateTime.parse(t).atZone(zone).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("expected " + FORMS + ", got '" + text + "'");
        }
    }
}
