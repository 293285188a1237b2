package io.ductus.core.auth;

import java.time.Instant;

/**
 * The recent failed sign-ins of a user name from an address.
 *
 * @param count       failures counted, each within the window of the one before
 * @param lastAt      the last failure, or null when there is none
 * @param lockedUntil until when sign-in is refused, or null
 */
public record FailedSignIns(int count, Instant lastAt, Instant lockedUntil) {

    public static final FailedSignIns NONE = new FailedSignIns(0, null, null);
}
