package io.ductus.format.ack;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AckControlIdsTest {

    @Test
    void ids_never_repeat_across_restarts() {
        Instant firstStart = Instant.parse("2026-12-01T10:00:00.000Z");
        Set<String> seen = new HashSet<>();
        for (int restart = 0; restart < 50; restart++) {
            AckControlIds ids = new AckControlIds(firstStart.plusMillis(restart * 7L)); // each run starts later
            for (int i = 0; i < 1000; i++) assertThat(seen.add(ids.next())).isTrue();
        }
        assertThat(seen).hasSize(50_000);
    }

    @Test
    void ids_fit_msh_10_of_every_version() {
        AckControlIds ids = new AckControlIds(Instant.parse("2099-12-31T23:59:59.999Z"));
        assertThat(ids.next()).hasSizeLessThanOrEqualTo(20).matches("DX[0-9A-Z]+-1");
    }
}
