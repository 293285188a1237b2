package io.ductus.connector.schedule;

import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * When a schedule's runs are due: every fixed interval, or at the times of a cron expression in a time
 * zone. Pure: every answer takes the time it is about as an argument, nothing reads the clock.
 */
sealed interface Timing permits Timing.Every, Timing.CronTimes {

    /** When the first run is due if no run was ever made: at once for an interval, the next cron time for cron. */
    Instant first(Instant now);

    /** The run due after the one scheduled at {@code previous}. */
    Instant after(Instant previous);

    /**
     * The latest run due at or before {@code now}, given that a run was due at {@code due} (not after
     * {@code now}): the one run that stands for every run missed in between.
     */
    Instant latest(Instant due, Instant now);

    /** Runs every {@code interval}, counted from the first run (the engine's start when none was ever made). */
    record Every(Duration interval) implements Timing {

        public Every {
            if (interval.isNegative() || interval.isZero()) throw new IllegalArgumentException("the interval must be positive: " + interval);
        }

        @Override
        public Instant first(Instant now) {
            return now;
        }

        @Override
        public Instant after(Instant previous) {
            return previous.plus(interval);
        }

        @Override
        public Instant latest(Instant due, Instant now) {
            if (now.isBefore(due)) return due;
            long missed = Duration.between(due, now).dividedBy(interval); // whole intervals since the due run
            return due.plus(interval.multipliedBy(missed));
        }

        @Override
        public String toString() {
            return "every " + interval;
        }
    }

    /** Runs at the times of a cron expression (six fields, seconds first, as Spring writes them) in a time zone. */
    record CronTimes(String expression, ZoneId zone, ExecutionTime times) implements Timing {

        private static final CronParser PARSER = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.SPRING53));

        /**
         * Parses the expression; IllegalArgumentException saying what is wrong, also when the expression
         * names no time that ever comes (30 February).
         */
        static CronTimes parse(String expression, ZoneId zone) {
            Cron cron;
            try {
                cron = PARSER.parse(expression.strip()).validate();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("not a cron expression of six fields (second minute hour day month weekday),"
                        + " such as \"0 */15 * * * *\": " + e.getMessage(), e);
            }
            CronTimes times = new CronTimes(expression.strip(), zone, ExecutionTime.forCron(cron));
            if (times.next(ZonedDateTime.of(2000, 1, 1, 0, 0, 0, 0, zone).toInstant()).isEmpty()) {
                throw new IllegalArgumentException("\"" + expression + "\" names no time that ever comes");
            }
            return times;
        }

        @Override
        public Instant first(Instant now) {
            return after(now);
        }

        @Override
        public Instant after(Instant previous) {
            return next(previous).orElseThrow(() -> new IllegalStateException("\"" + expression + "\" has no time after " + previous));
        }

        @Override
        public Instant latest(Instant due, Instant now) {
            if (now.isBefore(due)) return due;
            // The last time strictly before now, or now itself when now is one of the times.
            Instant last = times.lastExecution(now.atZone(zone)).map(ZonedDateTime::toInstant).orElse(due);
            Instant candidate = next(last).filter(t -> !t.isAfter(now)).orElse(last);
            return candidate.isBefore(due) ? due : candidate;
        }

        private Optional<Instant> next(Instant t) {
            return times.nextExecution(t.atZone(zone)).map(ZonedDateTime::toInstant);
        }

        @Override
        public String toString() {
            return "cron \"" + expression + "\" (" + zone + ")";
        }
    }
}
