package io.ductus.core.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.delivery.DeliveryRules.Verdict;
import io.ductus.core.project.Retry;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DeliveryOutcome.Kind;
import io.ductus.store.DestinationRef;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryRulesTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final DestinationRef LAB = new DestinationRef("adt", "lab");

    @ParameterizedTest
    @CsvSource(nullValues = "-", textBlock = """
            OUTPUT,      -,           -
            FILTERED,    FILTERED,    no PID
            QUARANTINED, QUARANTINED, transform: no PID
            RUNAWAY,     QUARANTINED, transform: no PID
            TRANSIENT,   RETRY,       transform: no PID
            """)
    void a_transforms_verdict_decides_before_anything_is_sent(Verdict verdict, Kind kind, String error) {
        var outcome = rules(1, Retry.FOREVER, false).afterTransform(verdict, "no PID", NOW);
        assertThat(outcome.map(DeliveryOutcome::kind).orElse(null)).isEqualTo(kind);
        assertThat(outcome.map(DeliveryOutcome::error).orElse(null)).isEqualTo(error);
    }

    @Test
    void a_transient_transform_failure_backs_off_like_a_send() {
        DeliveryOutcome third = rules(3, Retry.FOREVER, false).afterTransform(Verdict.TRANSIENT, "lookup down", NOW).orElseThrow();
        assertThat(third.nextAttemptAt()).isEqualTo(NOW.plusSeconds(4).toEpochMilli());
    }

    @ParameterizedTest
    @CsvSource({"1, RETRY", "2, RETRY", "3, QUARANTINED"})
    void retries_until_max_attempts_then_quarantines_saying_so(int attempts, Kind kind) {
        DeliveryOutcome outcome = rules(attempts, Retry.atMost(3), false).afterSend(Outcome.retry("AE: locked"), new byte[0], "UTF-8", NOW);
        assertThat(outcome.kind()).isEqualTo(kind);
        if (kind == Kind.QUARANTINED) assertThat(outcome.error()).isEqualTo("AE: locked; gave up after 3 failed attempts (retry.max_attempts: 3)");
    }

    @Test
    void a_destinations_retry_after_wins_when_longer_than_the_back_off() {
        DeliveryOutcome outcome = rules(1, Retry.FOREVER, false).afterSend(Outcome.retryAfter("429", Duration.ofSeconds(30)),
                new byte[0], "UTF-8", NOW);
        assertThat(outcome.nextAttemptAt()).isEqualTo(NOW.plusSeconds(30).toEpochMilli());
    }

    @Test
    void a_rejection_is_quarantined_with_the_destinations_reason() {
        DeliveryOutcome outcome = rules(1, Retry.FOREVER, false).afterSend(Outcome.quarantine("AR: unknown patient"), new byte[0], "UTF-8", NOW);
        assertThat(outcome.kind()).isEqualTo(Kind.QUARANTINED);
        assertThat(outcome.error()).isEqualTo("AR: unknown patient");
    }

    @ParameterizedTest
    @CsvSource({"true", "false"})
    void a_sent_delivery_keeps_its_output_only_with_save_output(boolean saveOutput) {
        byte[] output = "MSH|^~\\&|X".getBytes(StandardCharsets.UTF_8);
        DeliveryOutcome outcome = rules(1, Retry.FOREVER, saveOutput).afterSend(Outcome.sent("AA"), output, "UTF-8", NOW);
        assertThat(outcome.kind()).isEqualTo(Kind.SENT);
        assertThat(outcome.output()).isEqualTo(saveOutput ? output : null);
        assertThat(outcome.outputCharset()).isEqualTo(saveOutput ? "UTF-8" : null);
    }

    private static DeliveryRules rules(int attempts, Retry retry, boolean saveOutput) {
        return new DeliveryRules(7, LAB, attempts, retry, saveOutput);
    }
}
