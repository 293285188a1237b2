package io.ductus.store.account;

/**
 * A user's wrong passwords as stored.
 *
 * @param firstAt     first failure of the current count, or null
 * @param lockedUntil sign-in refused until then, or null
 */
public record SignInFailures(int count, Long firstAt, Long lockedUntil) {

    public static final SignInFailures NONE = new SignInFailures(0, null, null);
}
