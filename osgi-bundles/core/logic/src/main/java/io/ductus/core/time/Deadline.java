package io.ductus.core.time;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** A time by which something must have happened: every day, one day a week, or as a cron expression says. */
public sealed interface Deadline {

    /** The latest deadline at or before {@code now}; empty when there has been none (a cron that never fired). */
    Optional<Instant> latestAtOrBefore(Instant now, ZoneId zone);

    /** {@code 06:30} every day. */
    record Daily(LocalTime at) implements Deadline {
        public Daily {
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Optional<Instant> latestAtOrBefore(Instant now, ZoneId zone) {
            LocalDate today = now.atZone(zone).toLocalDate();
            Instant todays = LocalWindow.at(today, at, zone);
            return Optional.of(todays.isAfter(now) ? LocalWindow.at(today.minusDays(1), at, zone) : todays);
        }

        @Override
        public String toString() {
            return "daily at " + at;
        }
    }

    /** {@code mon 06:30}: one day a week. */
    record Weekly(DayOfWeek day, LocalTime at) implements Deadline {
        public Weekly {
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(at, "at");
        }

        /** {@code mon 06:30}. */
        public static Weekly parse(String text) {
            String[] parts = text == null ? new String[0] : text.strip().toLowerCase(Locale.ROOT).split("\\s+");
            if (parts.length != 2) throw new IllegalArgumentException("expected a day and a time such as mon 06:30, got '" + text + "'");
            return new Weekly(DaySet.day(parts[0], text), LocalWindow.time(parts[1], text));
        }

        @Override
        public Optional<Instant> latestAtOrBefore(Instant now, ZoneId zone) {
            ZonedDateTime local = now.atZone(zone);
            LocalDate candidate = local.toLocalDate().with(TemporalAdjusters.previousOrSame(day));
            Instant at = LocalWindow.at(candidate, this.at, zone);
            return Optional.of(at.isAfter(now) ? LocalWindow.at(candidate.minusWeeks(1), this.at, zone) : at);
        }

        @Override
        public String toString() {
            return "every " + day.name().substring(0, 1) + day.name().substring(1, 3).toLowerCase(Locale.ROOT) + " at " + at;
        }
    }

    /** As a cron expression names the times. */
    record Cron(CronSchedule schedule) implements Deadline {
        public Cron {
            Objects.requireNonNull(schedule, "schedule");
        }

        @Override
        public Optional<Instant> latestAtOrBefore(Instant now, ZoneId zone) {
            return schedule.latestAtOrBefore(now.atZone(zone), zone).map(ZonedDateTime::toInstant);
        }

        @Override
        public String toString() {
            return "cron " + schedule;
        }
    }
}
