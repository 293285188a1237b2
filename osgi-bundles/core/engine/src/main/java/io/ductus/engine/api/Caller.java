package io.ductus.engine.api;

import io.ductus.core.auth.Access;

/**
 * Who is calling: a user through a studio session, a token (a user's or a service token), or nobody
 * (open operations only).
 *
 * @param actor     how the audit log names them: {@code user:NAME}, {@code token:NAME}, {@code anonymous}
 * @param userId    the user, or the owner of the token; null for a service token and nobody
 * @param username  that user's name, or null
 * @param tokenId   the token, or null
 * @param sessionId the session, or null
 * @param access    what they may do (for a token with an owner: never more than the owner)
 * @param mustChangePassword a user signed in with a password an admin chose
 */
public record Caller(Via via, String actor, Long userId, String username, Long tokenId, Long sessionId, Access access,
                     boolean mustChangePassword, String address) {

    /** How the caller proved who they are. */
    public enum Via {
        SESSION, TOKEN, ANONYMOUS;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static Caller anonymous(String address) {
        return new Caller(Via.ANONYMOUS, "anonymous", null, null, null, null, null, false, address);
    }
}
