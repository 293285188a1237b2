package io.ductus.core.time;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.BitSet;
import java.util.Locale;
import java.util.Optional;

/**
 * A five-field cron expression (minute, hour, day of month, month, day of week) as crontab(5) reads it:
 * {@code *}, numbers, ranges, lists, steps ({@code *}{@code /15}, {@code 1-5/2}), month and day names, 0 or 7
 * for Sunday. When both day fields are restricted a day matches either, as in cron. Only the latest time at
 * or before a moment is asked of it (a deadline that has passed).
 */
public final class CronSchedule {

    public static final String EXPECTED = "a cron expression of five fields: minute hour day-of-month month day-of-week, such as 30 6 * * mon-fri";
    private static final String[] MONTHS = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
    private static final String[] DAYS = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
    /** How far back a match is looked for: long enough for Feb 29 on a given weekday. */
    private static final int MAX_DAYS_BACK = 366 * 28;

    private final String text;
    private final BitSet minutes;
    private final BitSet hours;
    private final BitSet daysOfMonth;
    private final BitSet months;
    private final BitSet daysOfWeek;
    private final boolean anyDayOfMonth;
    private final boolean anyDayOfWeek;

    private CronSchedule(String text, String[] f) {
        this.text = text;
        minutes = field(f[0], 0, 59, null, text);
        hours = field(f[1], 0, 23, null, text);
        daysOfMonth = field(f[2], 1, 31, null, text);
        months = field(f[3], 1, 12, MONTHS, text);
        BitSet dow = field(f[4], 0, 7, DAYS, text);
        if (dow.get(7)) dow.set(0);
        daysOfWeek = dow;
        anyDayOfMonth = f[2].equals("*");
        anyDayOfWeek = f[4].equals("*");
    }

    public static CronSchedule parse(String text) {
        String[] fields = text == null ? new String[0] : text.strip().toLowerCase(Locale.ROOT).split("\\s+");
        if (fields.length != 5) throw new IllegalArgumentException("expected " + EXPECTED + ", got '" + text + "'");
        return new CronSchedule(text.strip(), fields);
    }

    /** The latest moment at or before {@code now} that the expression names, in {@code zone}; empty if none in 28 years. */
    public Optional<ZonedDateTime> latestAtOrBefore(ZonedDateTime now, ZoneId zone) {
        ZonedDateTime local = now.withZoneSameInstant(zone);
        LocalDate day = local.toLocalDate();
        LocalTime bound = local.toLocalTime();
        for (int back = 0; back < MAX_DAYS_BACK; back++, day = day.minusDays(1), bound = LocalTime.MAX) {
            if (!matches(day)) continue;
            for (int h = Math.min(23, bound.getHour()); h >= 0; h--) {
                if (!hours.get(h)) continue;
                int maxMinute = h == bound.getHour() ? bound.getMinute() : 59;
                int m = minutes.previousSetBit(maxMinute);
                if (m < 0) continue;
                ZonedDateTime at = LocalDateTime.of(day, LocalTime.of(h, m)).atZone(zone);
                // A time skipped by a daylight-saving change lands later: keep it only if still not after now.
                if (!at.isAfter(local)) return Optional.of(at);
            }
        }
        return Optional.empty();
    }

    private boolean matches(LocalDate day) {
        if (!months.get(day.getMonthValue())) return false;
        boolean dom = daysOfMonth.get(day.getDayOfMonth());
        boolean dow = daysOfWeek.get(day.getDayOfWeek() == DayOfWeek.SUNDAY ? 0 : day.getDayOfWeek().getValue());
        if (anyDayOfMonth && anyDayOfWeek) return true;
        if (anyDayOfMonth) return dow;
        if (anyDayOfWeek) return dom;
        return dom || dow;
    }

    private static BitSet field(String field, int min, int max, String[] names, String whole) {
        BitSet set = new BitSet(max + 1);
        for (String part : field.split(",")) {
            int step = 1;
            String range = part;
            int slash = part.indexOf('/');
            if (slash >= 0) {
                step = number(part.substring(slash + 1), 1, max, null, whole);
                range = part.substring(0, slash);
            }
            int from;
            int to;
            if (range.equals("*")) {
                from = min;
                to = max;
            } else if (range.contains("-")) {
                String[] ends = range.split("-", 2);
                from = number(ends[0], min, max, names, whole);
                to = number(ends[1], min, max, names, whole);
                if (to < from) throw new IllegalArgumentException("the range '" + range + "' goes backwards in '" + whole + "'");
            } else {
                from = number(range, min, max, names, whole);
                to = slash >= 0 ? max : from;
            }
            for (int v = from; v <= to; v += step) set.set(v);
        }
        return set;
    }

    private static int number(String text, int min, int max, String[] names, String whole) {
        if (names != null) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(text)) return names == MONTHS ? i + 1 : i;
            }
        }
        try {
            int n = Integer.parseInt(text);
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + text + "' is not a value from " + min + " to " + max + " in '" + whole
                + "'; expected " + EXPECTED);
    }

    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CronSchedule c && c.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
