package io.ductus.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.project.Retry;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryScheduleTest {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            1          | 1
            2          | 2
            3          | 4
            4          | 8
            5          | 16
            6          | 32
            7          | 60
            8          | 60
            1000000    | 60
            2147483647 | 60
            """)
    void backs_off_from_one_second_doubling_to_a_minute(int failedAttempts, long seconds) {
        assertThat(RetrySchedule.delayAfter(failedAttempts)).isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void next_attempt_is_now_plus_the_delay() {
        assertThat(RetrySchedule.decide(3, OptionalInt.empty(), NOW, Optional.empty()))
                .isEqualTo(new RetryDecision.RetryAt(NOW.plusSeconds(4), Duration.ofSeconds(4)));
    }

    @Test
    void retries_forever_without_max_attempts() {
        assertThat(RetrySchedule.decide(1_000_000, OptionalInt.empty(), NOW, Optional.empty()))
                .isEqualTo(new RetryDecision.RetryAt(NOW.plusSeconds(60), Duration.ofSeconds(60)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            1 | 1 | true
            2 | 3 | false
            3 | 3 | true
            4 | 3 | true
            """)
    void quarantines_once_max_attempts_have_failed(int failedAttempts, int maxAttempts, boolean quarantined) {
        RetryDecision decision = RetrySchedule.decide(failedAttempts, OptionalInt.of(maxAttempts), NOW, Optional.empty());
        assertThat(decision instanceof RetryDecision.Quarantine).isEqualTo(quarantined);
    }

    @Test
    void the_quarantine_reason_says_how_many_attempts_failed() {
        assertThat(RetrySchedule.decide(20, OptionalInt.of(20), NOW, Optional.empty()))
                .isEqualTo(new RetryDecision.Quarantine("gave up after 20 failed attempts (retry.max_attempts: 20)"));
    }

    @Test
    void a_longer_retry_after_from_the_destination_wins() {
        assertThat(RetrySchedule.decide(1, OptionalInt.empty(), NOW, Optional.of(Duration.ofSeconds(120))))
                .isEqualTo(new RetryDecision.RetryAt(NOW.plusSeconds(120), Duration.ofSeconds(120)));
    }

    @Test
    void a_shorter_retry_after_does_not_shorten_the_back_off() {
        assertThat(RetrySchedule.decide(5, OptionalInt.empty(), NOW, Optional.of(Duration.ofSeconds(3))))
                .isEqualTo(new RetryDecision.RetryAt(NOW.plusSeconds(16), Duration.ofSeconds(16)));
    }

    @Test
    void takes_the_destinations_retry_setting() {
        assertThat(RetrySchedule.decide(2, Retry.atMost(2), NOW, Optional.empty())).isInstanceOf(RetryDecision.Quarantine.class);
        assertThat(RetrySchedule.decide(2, Retry.FOREVER, NOW, Optional.empty())).isInstanceOf(RetryDecision.RetryAt.class);
    }

    @Test
    void attempts_count_from_one() {
        assertThatThrownBy(() -> RetrySchedule.delayAfter(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
