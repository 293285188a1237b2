package io.ductus.core.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NoticeRetryTest {

    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");

    @ParameterizedTest(name = "after {0} attempt(s): again in {1} s")
    @CsvSource(textBlock = """
            # attempts, seconds until the next (-1: given up)
              1,        30
              2,        60
              3,        120
              7,        1920
              8,        3600
              9,        3600
              10,       -1
            """)
    void backs_off_from_thirty_seconds_to_an_hour_then_gives_up(int attempts, long seconds) {
        assertThat(NoticeRetry.next(attempts, NOW).map(at -> Duration.between(NOW, at).toSeconds()).orElse(-1L)).isEqualTo(seconds);
    }
}
