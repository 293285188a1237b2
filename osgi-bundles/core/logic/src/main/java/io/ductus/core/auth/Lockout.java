package io.ductus.core.auth;

import java.time.Duration;
import java.time.Instant;

/**
 * Locks a user out after repeated wrong passwords: {@code maxFailures} within {@code window} lock the
 * account for {@code lockFor}; a right password (or an admin setting a new one) clears the count.
 * Counting is per user, whatever address the attempts come from.
 */
public record Lockout(int maxFailures, Duration window, Duration lockFor) {

    public static final Lockout DEFAULT = new Lockout(5, Duration.ofMinutes(15), Duration.ofMinutes(15));

    public Lockout {
        if (maxFailures < 1) throw new IllegalArgumentException("maxFailures must be at least 1");
    }

    public boolean locked(FailedSignIns failures, Instant now) {
        return failures.lockedUntil() != null && now.isBefore(failures.lockedUntil());
    }

    /** The count after one more wrong password at {@code now}; it locks when it reaches the maximum. */
    public FailedSignIns afterFailure(FailedSignIns failures, Instant now) {
        boolean fresh = failures.firstAt() == null || !now.isBefore(failures.firstAt().plus(window))
                || (failures.lockedUntil() != null && !now.isBefore(failures.lockedUntil()));
        int count = fresh ? 1 : failures.count() + 1;
        Instant firstAt = fresh ? now : failures.firstAt();
        Instant lockedUntil = count >= maxFailures ? now.plus(lockFor) : null;
        return new FailedSignIns(count, firstAt, lockedUntil);
    }
}
