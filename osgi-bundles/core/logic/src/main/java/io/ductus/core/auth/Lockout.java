package io.ductus.core.auth;

import java.time.Duration;
import java.time.Instant;

/**
 * Slows password guessing without letting anyone lock a user out at will: failures are counted per user name
 * and caller's address (a guesser on one address locks that name for that address only; the user signs in
 * from their own), for names nobody has just as for real ones (so the answers never tell them apart).
 * {@code maxFailures} failures, each within {@code window} of the last one (or of the end of its lock), lock
 * that name for that address for {@code lockFor}; every further failure doubles the lock, up to
 * {@code maxLockFor}. A right password clears the count.
 */
public record Lockout(int maxFailures, Duration window, Duration lockFor, Duration maxLockFor) {

    public static final Lockout DEFAULT = new Lockout(5, Duration.ofMinutes(15), Duration.ofMinutes(1), Duration.ofHours(1));

    public Lockout {
        if (maxFailures < 1) throw new IllegalArgumentException("maxFailures must be at least 1");
        if (maxLockFor.compareTo(lockFor) < 0) throw new IllegalArgumentException("maxLockFor must be at least lockFor");
    }

    public boolean locked(FailedSignIns failures, Instant now) {
        return failures.lockedUntil() != null && now.isBefore(failures.lockedUntil());
    }

    /** The count after one more wrong password at {@code now}; past the maximum it locks, longer with every failure. */
    public FailedSignIns afterFailure(FailedSignIns failures, Instant now) {
        Instant quietSince = failures.lastAt();
        if (failures.lockedUntil() != null && (quietSince == null || failures.lockedUntil().isAfter(quietSince))) {
            quietSince = failures.lockedUntil();
        }
        boolean fresh = quietSince == null || !now.isBefore(quietSince.plus(window));
        int count = fresh ? 1 : failures.count() + 1;
        Instant lockedUntil = count >= maxFailures ? now.plus(lockFor(count - maxFailures)) : null;
        return new FailedSignIns(count, now, lockedUntil);
    }

    /** The lock after {@code doublings} failures past the maximum: lockFor, doubled each time, at most maxLockFor. */
    private Duration lockFor(int doublings) {
        Duration lock = lockFor;
        for (int i = 0; i < doublings && lock.compareTo(maxLockFor) < 0; i++) lock = lock.multipliedBy(2);
        return lock.compareTo(maxLockFor) > 0 ? maxLockFor : lock;
    }

    /** How long after its last failure a count can still matter: its window after the longest lock. */
    public Duration forgottenAfter() {
        return maxLockFor.plus(window);
    }
}
