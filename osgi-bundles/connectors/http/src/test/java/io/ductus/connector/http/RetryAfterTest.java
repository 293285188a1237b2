package io.ductus.connector.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            120                             | PT2M
            ' 0 '                           | PT0S
            Tue, 01 Dec 2026 10:00:30 GMT   | PT30S
            Tue, 01 Dec 2026 09:00:00 GMT   | PT0S
            """)
    void reads_seconds_and_dates(String header, String expected) {
        assertThat(RetryAfter.parse(header, NOW)).hasValue(Duration.parse(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
            null
            ''
            soon
            -5
            """)
    void ignores_what_it_cannot_read(String header) {
        assertThat(RetryAfter.parse(header, NOW)).isEmpty();
    }
}
