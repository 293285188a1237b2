package io.ductus.core.time;

import java.time.DayOfWeek;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Days of the week as written in settings: {@code mon-fri}, {@code sat,sun}, {@code mon,wed-fri}, or
 * {@code every day}. Ranges may wrap ({@code fri-mon}).
 */
public record DaySet(Set<DayOfWeek> days) {

    public static final String EXPECTED = "days such as mon-fri, sat,sun or every day";
    public static final DaySet EVERY_DAY = new DaySet(EnumSet.allOf(DayOfWeek.class));

    public DaySet {
        if (days.isEmpty()) throw new IllegalArgumentException("no days");
        days = Set.copyOf(days);
    }

    public static DaySet parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("every day") || t.equals("daily") || t.equals("all")) return EVERY_DAY;
        EnumSet<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String part : t.split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            if (dash < 0) {
                days.add(day(p, text));
                continue;
            }
            DayOfWeek from = day(p.substring(0, dash).strip(), text);
            DayOfWeek to = day(p.substring(dash + 1).strip(), text);
            for (DayOfWeek d = from; ; d = d.plus(1)) {
                days.add(d);
                if (d == to) break;
            }
        }
        return new DaySet(days);
    }

    /** A day by its first three letters ({@code mon}) or full English name. */
    public static DayOfWeek day(String word, String whole) {
        for (DayOfWeek d : DayOfWeek.values()) {
            String name = d.name().toLowerCase(Locale.ROOT);
            if (word.equals(name) || word.equals(name.substring(0, 3))) return d;
        }
        throw new IllegalArgumentException("expected " + EXPECTED + ", got '" + whole + "'");
    }

    public boolean contains(DayOfWeek day) {
        return days.contains(day);
    }
}
