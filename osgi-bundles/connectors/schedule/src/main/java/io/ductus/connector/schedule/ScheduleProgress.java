package io.ductus.connector.schedule;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The last run made, saved with its message in one transaction: after a restart the schedule goes on
 * from there, so a run is never made twice and runs missed meanwhile collapse into one.
 *
 * @param scheduledAt the time the run stood for
 * @param firedAt     when it was made
 */
record ScheduleProgress(Instant scheduledAt, Instant firedAt) {

    /** The key the progress is saved under: one schedule per interface. */
    static final String KEY = "schedule";

    String encode() {
        return "scheduled=" + scheduledAt + " fired=" + firedAt;
    }

    /** Reads {@link #encode()}'s text; empty when it is not that (then the schedule starts as if new). */
    static Optional<ScheduleProgress> decode(String text) {
        String[] parts = text.strip().split(" ");
        if (parts.length != 2 || !parts[0].startsWith("scheduled=") || !parts[1].startsWith("fired=")) return Optional.empty();
        try {
            return Optional.of(new ScheduleProgress(Instant.parse(parts[0].substring("scheduled=".length())),
                    Instant.parse(parts[1].substring("fired=".length()))));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
