package io.ductus.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LockoutTest {

    private static final Instant T0 = Instant.parse("2026-01-01T08:00:00Z");
    private final Lockout lockout = new Lockout(3, Duration.ofMinutes(15), Duration.ofMinutes(1), Duration.ofMinutes(10));

    @Test
    void locks_after_the_maximum_of_failures_each_within_the_window_of_the_last() {
        FailedSignIns f = FailedSignIns.NONE;
        f = lockout.afterFailure(f, T0);
        f = lockout.afterFailure(f, T0.plusSeconds(600));
        assertThat(lockout.locked(f, T0.plusSeconds(601))).isFalse();
        f = lockout.afterFailure(f, T0.plusSeconds(1200)); // 20 min after the first, 10 after the last
        assertThat(f.count()).isEqualTo(3);
        assertThat(f.lockedUntil()).isEqualTo(T0.plusSeconds(1200).plus(Duration.ofMinutes(1)));
        assertThat(lockout.locked(f, T0.plusSeconds(1201))).isTrue();
    }

    @Test
    void unlocks_when_the_lock_runs_out() {
        FailedSignIns f = new FailedSignIns(3, T0, T0.plus(Duration.ofMinutes(1)));
        assertThat(lockout.locked(f, T0.plus(Duration.ofMinutes(1)).minusMillis(1))).isTrue();
        assertThat(lockout.locked(f, T0.plus(Duration.ofMinutes(1)))).isFalse();
    }

    @Test
    void every_failure_past_the_maximum_doubles_the_lock_up_to_its_longest() {
        FailedSignIns f = new FailedSignIns(3, T0, T0.plus(Duration.ofMinutes(1)));
        Instant at = T0.plus(Duration.ofMinutes(1)); // the first lock ran out: the next failure locks for 2 min
        f = lockout.afterFailure(f, at);
        assertThat(f.lockedUntil()).isEqualTo(at.plus(Duration.ofMinutes(2)));
        at = f.lockedUntil();
        f = lockout.afterFailure(f, at);
        assertThat(f.lockedUntil()).isEqualTo(at.plus(Duration.ofMinutes(4)));
        at = f.lockedUntil();
        f = lockout.afterFailure(f, at);
        assertThat(f.lockedUntil()).isEqualTo(at.plus(Duration.ofMinutes(8)));
        at = f.lockedUntil();
        f = lockout.afterFailure(f, at);
        assertThat(f.lockedUntil()).as("at most maxLockFor").isEqualTo(at.plus(Duration.ofMinutes(10)));
    }

    @Test
    void a_quiet_window_after_the_last_failure_or_lock_starts_a_new_count() {
        FailedSignIns f = new FailedSignIns(2, T0, null);
        assertThat(lockout.afterFailure(f, T0.plus(Duration.ofMinutes(15)))).isEqualTo(new FailedSignIns(1, T0.plus(Duration.ofMinutes(15)), null));
        FailedSignIns locked = new FailedSignIns(7, T0, T0.plus(Duration.ofMinutes(10)));
        assertThat(lockout.afterFailure(locked, T0.plus(Duration.ofMinutes(24))).count()).as("within 15 min of the lock's end").isEqualTo(8);
        assertThat(lockout.afterFailure(locked, T0.plus(Duration.ofMinutes(25))).count()).isEqualTo(1);
    }
}
