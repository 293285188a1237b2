package io.ductus.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffTest {

    @ParameterizedTest
    @CsvSource(textBlock = """
            1, 2000
            2, 4000
            3, 8000
            4, 16000
            5, 30000
            9, 30000
            60, 30000
            """)
    void waits_the_engines_retry_first_then_doubles_up_to_the_ceiling(int failures, long millis) {
        assertThat(Backoff.DEFAULT.after(failures)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            1, 500
            2, 1000
            8, 30000
            """)
    void the_engines_retry_field_sets_the_first_wait(int failures, long millis) {
        assertThat(Backoff.DEFAULT.startingAt(Duration.ofMillis(500)).after(failures)).isEqualTo(Duration.ofMillis(millis));
    }
}
