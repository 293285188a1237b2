package io.ductus.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LockoutTest {

    private static final Instant T0 = Instant.parse("2026-01-01T08:00:00Z");
    private final Lockout lockout = new Lockout(3, Duration.ofMinutes(15), Duration.ofMinutes(10));

    @Test
    void locks_after_the_maximum_of_failures_within_the_window() {
        FailedSignIns f = FailedSignIns.NONE;
        f = lockout.afterFailure(f, T0);
        f = lockout.afterFailure(f, T0.plusSeconds(60));
        assertThat(lockout.locked(f, T0.plusSeconds(61))).isFalse();
        f = lockout.afterFailure(f, T0.plusSeconds(120));
        assertThat(f.count()).isEqualTo(3);
        assertThat(f.lockedUntil()).isEqualTo(T0.plusSeconds(120).plus(Duration.ofMinutes(10)));
        assertThat(lockout.locked(f, T0.plusSeconds(121))).isTrue();
    }

    @Test
    void unlocks_when_the_lock_runs_out() {
        FailedSignIns f = new FailedSignIns(3, T0, T0.plus(Duration.ofMinutes(10)));
        assertThat(lockout.locked(f, T0.plus(Duration.ofMinutes(10)).minusMillis(1))).isTrue();
        assertThat(lockout.locked(f, T0.plus(Duration.ofMinutes(10)))).isFalse();
    }

    @Test
    void failures_older_than_the_window_start_a_new_count() {
        FailedSignIns f = new FailedSignIns(2, T0, null);
        FailedSignIns later = lockout.afterFailure(f, T0.plus(Duration.ofMinutes(15)));
        assertThat(later).isEqualTo(new FailedSignIns(1, T0.plus(Duration.ofMinutes(15)), null));
    }

    @Test
    void a_failure_after_a_lock_ran_out_starts_a_new_count() {
        FailedSignIns f = new FailedSignIns(3, T0, T0.plus(Duration.ofMinutes(10)));
        assertThat(lockout.afterFailure(f, T0.plus(Duration.ofMinutes(11))).count()).isEqualTo(1);
    }
}
