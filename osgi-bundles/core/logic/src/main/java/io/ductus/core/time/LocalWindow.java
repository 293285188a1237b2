package io.ductus.core.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.Optional;

/**
 * Hours on some days, in local time: {@code 07:00-19:00} on {@code mon-fri}. A window whose end is not
 * after its start crosses midnight ({@code 22:00-07:00}); it belongs to the day it starts on, so
 * {@code 22:00-07:00} on {@code mon-fri} holds from Monday 22:00 to Saturday 07:00. {@code 00:00-00:00}
 * is the whole day.
 */
public record LocalWindow(LocalTime from, LocalTime to, DaySet days) {

    public static final String EXPECTED_HOURS = "hours such as 07:00-19:00 (or 22:00-07:00 across midnight)";

    public LocalWindow {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(days, "days");
    }

    /** Parses {@code HH:MM-HH:MM}. */
    public static LocalWindow parse(String hours, DaySet days) {
        String[] parts = hours == null ? new String[0] : hours.strip().split("\\s*-\\s*");
        if (parts.length != 2) throw new IllegalArgumentException("expected " + EXPECTED_HOURS + ", got '" + hours + "'");
        return new LocalWindow(time(parts[0], hours), time(parts[1], hours), days);
    }

    /** {@code HH:MM} (or {@code H:MM}). */
    public static LocalTime time(String text, String whole) {
        String t = text.strip();
        if (t.length() == 4 && t.charAt(1) == ':') t = "0" + t;
        try {
            if (t.length() != 5) throw new DateTimeParseException("", t, 0);
            return LocalTime.parse(t);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("expected a time such as 07:00 in '" + whole + "'");
        }
    }

    public boolean crossesMidnight() {
        return !to.isAfter(from);
    }

    /** Whether {@code now} falls inside the window. */
    public boolean contains(Instant now, ZoneId zone) {
        return start(now, zone).isPresent();
    }

    /** When the occurrence of the window that holds {@code now} began; empty when {@code now} is outside it. */
    public Optional<Instant> start(Instant now, ZoneId zone) {
        ZonedDateTime local = now.atZone(zone);
        LocalDate today = local.toLocalDate();
        LocalTime time = local.toLocalTime();
        if (!crossesMidnight()) {
            if (days.contains(today.getDayOfWeek()) && !time.isBefore(from) && time.isBefore(to)) {
                return Optional.of(at(today, from, zone));
            }
            return Optional.empty();
        }
        if (days.contains(today.getDayOfWeek()) && !time.isBefore(from)) return Optional.of(at(today, from, zone));
        LocalDate yesterday = today.minusDays(1);
        if (days.contains(yesterday.getDayOfWeek()) && time.isBefore(to)) return Optional.of(at(yesterday, from, zone));
        return Optional.empty();
    }

    /** When the occurrence that holds {@code now} ends; empty when {@code now} is outside the window. */
    public Optional<Instant> end(Instant now, ZoneId zone) {
        return start(now, zone).map(s -> {
            LocalDate startDay = s.atZone(zone).toLocalDate();
            return at(crossesMidnight() ? startDay.plusDays(1) : startDay, to, zone);
        });
    }

    @Override
    public String toString() {
        return from + "-" + to + (days.equals(DaySet.EVERY_DAY) ? "" : " on " + describe(days));
    }

    static Instant at(LocalDate day, LocalTime time, ZoneId zone) {
        return LocalDateTime.of(day, time).atZone(zone).toInstant();
    }

    private static String describe(DaySet days) {
        StringBuilder s = new StringBuilder();
        for (java.time.DayOfWeek d : java.time.DayOfWeek.values()) {
            if (days.contains(d)) s.append(s.isEmpty() ? "" : ",").append(d.name().substring(0, 3).toLowerCase(java.util.Locale.ROOT));
        }
        return s.toString();
    }
}
