package io.ductus.connector.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ScheduleProgressTest {

    @Test
    void reads_back_what_it_saved() {
        ScheduleProgress progress = new ScheduleProgress(Instant.parse("2026-11-30T10:15:00Z"), Instant.parse("2026-11-30T10:15:00.123Z"));

        assertThat(ScheduleProgress.decode(progress.encode())).contains(progress);
    }

    @Test
    void foreign_text_is_not_understood() {
        assertThat(ScheduleProgress.decode("offset=12")).isEmpty();
        assertThat(ScheduleProgress.decode("scheduled=yesterday fired=today")).isEmpty();
    }

    @Test
    void the_message_gets_both_times_and_keeps_its_json_braces() {
        byte[] payload = RunMessage.render(RunMessage.DEFAULT_TEMPLATE, Instant.parse("2026-11-30T10:15:00Z"),
                Instant.parse("2026-11-30T10:15:00.250Z"));

        assertThat(new String(payload, StandardCharsets.UTF_8))
                .isEqualTo("{\"scheduledAt\":\"2026-11-30T10:15:00Z\",\"firedAt\":\"2026-11-30T10:15:00.250Z\"}");
    }
}
