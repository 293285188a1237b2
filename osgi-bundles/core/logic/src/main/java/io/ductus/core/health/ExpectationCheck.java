package io.ductus.core.health;

import io.ductus.core.health.Expectations.ActiveBy;
import io.ductus.core.health.Expectations.ActiveWithin;
import io.ductus.core.health.Expectations.Behind;
import io.ductus.core.time.DurationWords;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Whether an interface's expectations hold now. Time before the engine first watched the interface
 * ({@code watchedSince}) never counts against it: a deadline that passed before it is not missed, and
 * silence is counted from it at the earliest.
 */
public final class ExpectationCheck {

    private static final DateTimeFormatter DAY_AND_TIME = DateTimeFormatter.ofPattern("EEE HH:mm", java.util.Locale.ENGLISH);

    private ExpectationCheck() {
    }

    /**
     * Why the interface is silent against {@code active_within} or {@code active_by}, or empty when it is not.
     *
     * @param lastReceived when its last message was stored, or null for never
     */
    public static Optional<String> silence(Expectations expectations, Instant lastReceived, Instant watchedSince, Instant now,
                                           ZoneId zone) {
        Optional<String> within = expectations.activeWithin().flatMap(w -> within(w, lastReceived, watchedSince, now, zone));
        if (within.isPresent()) return within;
        return expectations.activeBy().flatMap(b -> by(b, lastReceived, watchedSince, now, zone));
    }

    static Optional<String> within(ActiveWithin expectation, Instant lastReceived, Instant watchedSince, Instant now, ZoneId zone) {
        Instant from = latest(lastReceived, watchedSince);
        if (expectation.hours().isPresent()) {
            Optional<Instant> opened = expectation.hours().get().start(now, zone);
            if (opened.isEmpty()) return Optional.empty();
            from = latest(from, opened.get());
        }
        Duration quiet = Duration.between(from, now);
        if (quiet.compareTo(expectation.within()) <= 0) return Optional.empty();
        String counted = lastReceived == null || from.isAfter(lastReceived) ? "nothing received for " : "no message for ";
        return Optional.of(counted + DurationWords.of(quiet) + " (expected at least every " + DurationWords.of(expectation.within())
                + expectation.hours().map(h -> " " + h).orElse("") + ")");
    }

    static Optional<String> by(ActiveBy expectation, Instant lastReceived, Instant watchedSince, Instant now, ZoneId zone) {
        Optional<Instant> deadline = expectation.deadline().latestAtOrBefore(now, zone);
        if (deadline.isEmpty() || deadline.get().isBefore(watchedSince)) return Optional.empty();
        Instant opened = windowStart(deadline.get(), expectation.from(), zone);
        if (lastReceived != null && !lastReceived.isBefore(opened)) return Optional.empty();
        String deadlineText = deadline.get().atZone(zone).format(DAY_AND_TIME);
        return Optional.of("nothing received between " + opened.atZone(zone).format(DAY_AND_TIME) + " and the deadline "
                + deadlineText + " (" + expectation.deadline() + ")");
    }

    /** Midnight of the deadline's day, or {@code from} on that day (the day before when from is later than the deadline's time). */
    static Instant windowStart(Instant deadline, Optional<LocalTime> from, ZoneId zone) {
        LocalDateTime local = LocalDateTime.ofInstant(deadline, zone);
        LocalDate day = local.toLocalDate();
        if (from.isEmpty()) return day.atStartOfDay(zone).toInstant();
        LocalDate opens = from.get().isAfter(local.toLocalTime()) ? day.minusDays(1) : day;
        return LocalDateTime.of(opens, from.get()).atZone(zone).toInstant();
    }

    /** Why a destination is behind, or empty when it is not. */
    public static Optional<String> behind(Behind expectation, long waiting, Duration oldestWaiting) {
        if (expectation.waiting().isPresent() && waiting >= expectation.waiting().getAsLong()) {
            return Optional.of(waiting + " waiting (behind from " + expectation.waiting().getAsLong() + ")");
        }
        if (expectation.age().isPresent() && oldestWaiting != null && oldestWaiting.compareTo(expectation.age().get()) >= 0) {
            return Optional.of("the oldest of " + waiting + " waiting has waited " + DurationWords.of(oldestWaiting)
                    + " (behind from " + DurationWords.of(expectation.age().get()) + ")");
        }
        return Optional.empty();
    }

    private static Instant latest(Instant a, Instant b) {
        if (a == null) return b;
        if (b == null) return a;
        return a.isAfter(b) ? a : b;
    }
}
