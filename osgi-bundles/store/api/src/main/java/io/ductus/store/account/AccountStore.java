package io.ductus.store.account;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Users, tokens, sessions and the audit log. Thread-safe; every method blocks until done and throws
 * {@link io.ductus.store.StoreException} when the database could not do it (nothing of a failed write is
 * kept, its audit row included).
 */
public interface AccountStore {

    Optional<UserRecord> user(String username);

    Optional<UserRecord> user(long id);

    /** Every user, by name. */
    List<UserRecord> users();

    /** Adds a user; {@link AccountConflictException} when the name is taken. */
    UserRecord createUser(NewUser user, AuditEntry audit);

    /**
     * Sets a user's password hash and whether it must be changed at next sign-in; clears its failed sign-ins
     * and lockouts from every address, and ends the user's sessions except {@code keepSessionId} (may be null).
     *
     * @return false when there is no such user (nothing is written, not even the audit row)
     */
    boolean setPassword(long userId, String passwordHash, boolean mustChange, Long keepSessionId, long now, AuditEntry audit);

    /** The wrong passwords counted for a user name from an address ({@link SignInFailures#NONE} when none). */
    SignInFailures signInFailures(String username, String address);

    /**
     * Counts a wrong password for a user name (one that exists or not) from an address: reads its failures, asks
     * {@code next} for the new ones (the lockout decision), stores them and the audit row {@code audit} makes of
     * them, in one transaction, so that concurrent failures are all counted. Counts of any name whose last failure
     * came before {@code forgetBefore} are deleted with it: the table cannot grow without limit.
     */
    SignInFailures failedSignIn(String username, String address, long forgetBefore, UnaryOperator<SignInFailures> next,
                                Function<SignInFailures, AuditEntry> audit);

    /** A right password from this address: its count of wrong ones for this name starts afresh. */
    void clearSignInFailures(String username, String address);

    /**
     * Signs a user in: deletes the user's sessions last seen before
     * {@code staleBefore} or made before {@code expiredBefore} (they have expired), and stores the new
     * session with its audit row.
     */
    SessionRecord signIn(NewSession session, long staleBefore, long expiredBefore, AuditEntry audit);

    /** The session with this hash and its user. */
    Optional<SessionIdentity> session(String sessionHash);

    /** Records that a session was used (committed relaxed: losing it to a power cut costs nothing). */
    void touchSession(long sessionId, long now);

    /** Ends a session; false when it was already gone (then nothing is written). */
    boolean signOut(long sessionId, AuditEntry audit);

    /** Adds a token (its hash); {@link AccountConflictException} when its name is taken for the same owner. */
    TokenRecord createToken(NewToken token, AuditEntry audit);

    /** Every token, newest first, revoked ones included. */
    List<TokenRecord> tokens();

    /** The token with this hash, with its owner when it has one. */
    Optional<TokenIdentity> token(String tokenHash);

    /** Revokes a token; false when there is no such token or it was revoked before (then nothing is written). */
    boolean revokeToken(long tokenId, long now, AuditEntry audit);

    /** Writes an audit row that goes with no change of its own (a refused sign-in for an unknown name). */
    void record(AuditEntry entry);

    /**
     * Writes an audit row unless one with the same actor, action and target was written at or after
     * {@code since}: reads worth logging once per window (a payload looked at again and again).
     *
     * @return whether the row was written
     */
    boolean recordOnceSince(AuditEntry entry, long since);

    /** Audit rows newest first, paged by id. */
    AuditPage audit(AuditQuery query);
}
