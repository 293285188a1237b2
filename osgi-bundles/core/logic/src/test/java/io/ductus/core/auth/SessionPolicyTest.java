package io.ductus.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SessionPolicyTest {

    private static final Instant T0 = Instant.parse("2026-01-01T08:00:00Z");
    private final SessionPolicy policy = SessionPolicy.DEFAULT;

    @Test
    void a_session_used_within_the_idle_time_stays_live() {
        assertThat(policy.expired(T0, T0.plus(Duration.ofHours(11)), T0.plus(Duration.ofHours(22)))).isEmpty();
    }

    @Test
    void ends_after_twelve_hours_idle() {
        assertThat(policy.expired(T0, T0, T0.plus(Duration.ofHours(12))))
                .contains("the session was idle for 12 hours; sign in again");
    }

    @Test
    void ends_seven_days_after_sign_in_however_busy() {
        Instant now = T0.plus(Duration.ofDays(7));
        assertThat(policy.expired(T0, now.minusSeconds(1), now)).contains("the session is older than 7 days; sign in again");
    }

    @Test
    void records_use_at_most_once_a_minute() {
        assertThat(policy.needsTouch(T0, T0.plusSeconds(59))).isFalse();
        assertThat(policy.needsTouch(T0, T0.plusSeconds(60))).isTrue();
    }
}
