package io.ductus.connector.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** An HTTP Retry-After header: a number of seconds, or a date (RFC 9110 §10.2.3). */
final class RetryAfter {

    private RetryAfter() {
    }

    /** How long to wait, from {@code now}; empty when the header is missing or unreadable, zero when the date has passed. */
    static Optional<Duration> parse(String header, Instant now) {
        if (header == null || header.isBlank()) return Optional.empty();
        String value = header.strip();
        if (value.matches("\\d{1,9}")) return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(now, at);
            return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
