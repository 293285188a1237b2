package io.ductus.core.auth;

import java.time.Instant;

/**
 * A user's recent failed sign-ins, as the users table keeps them.
 *
 * @param count       failures counted since {@code firstAt}
 * @param firstAt     the first failure of the current window, or null when there is none
 * @param lockedUntil until when sign-in is refused, or null
 */
public record FailedSignIns(int count, Instant firstAt, Instant lockedUntil) {

    public static final FailedSignIns NONE = new FailedSignIns(0, null, null);
}
