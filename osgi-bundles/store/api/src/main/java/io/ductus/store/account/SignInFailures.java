package io.ductus.store.account;

/**
 * Wrong passwords for a user name from one address, as stored.
 *
 * @param lastAt      the last failure, or null
 * @param lockedUntil sign-in refused until then, or null
 */
public record SignInFailures(int count, Long lastAt, Long lockedUntil) {

    public static final SignInFailures NONE = new SignInFailures(0, null, null);
}
