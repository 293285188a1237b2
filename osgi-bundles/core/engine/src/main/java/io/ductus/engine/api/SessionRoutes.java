package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.AccountNames;
import io.ductus.core.auth.Credentials;
import io.ductus.core.auth.FailedSignIns;
import io.ductus.core.auth.Lockout;
import io.ductus.core.auth.SessionPolicy;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.NewSession;
import io.ductus.store.account.SignInFailures;
import io.ductus.store.account.UserRecord;
import io.netty.handler.codec.http.cookie.CookieHeaderNames;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.handler.codec.http.cookie.ServerCookieEncoder;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Studio sessions: sign in with a user name and password (a cookie and an anti-CSRF token come back), sign
 * out. Wrong passwords and unknown names count toward a lockout of that name from that address ({@link Lockout}),
 * and both answer alike; every sign-in, refusal, lockout and sign-out has its audit row, written with the change.
 */
final class SessionRoutes {

    private static final String WRONG = "Wrong user name or password.";

    private final AccountStore accounts;
    private final Clock clock;
    private final PasswordHasher hasher;
    private final RandomSecrets secrets;
    private final Lockout lockout;
    private final SessionPolicy policy;

    SessionRoutes(AccountStore accounts, Clock clock, PasswordHasher hasher, RandomSecrets secrets, Lockout lockout,
                  SessionPolicy policy) {
        this.accounts = accounts;
        this.clock = clock;
        this.hasher = hasher;
        this.secrets = secrets;
        this.lockout = lockout;
        this.policy = policy;
    }

    List<Route> routes() {
        return List.of(
                Route.post("/api/v1/session", "createSession", "Sign in with a user name and password (sets the session cookie)")
                        .tag("session").body("SignIn").returns(201, "Session").handle(this::signIn),
                Route.delete("/api/v1/session", "deleteSession", "Sign out: end this session")
                        .tag("session").returns(204, null).handle(this::signOut));
    }

    private ApiResponse signIn(ApiRequest request, Caller anonymous) {
        JsonNode body = request.json();
        String username = AccountJson.text(body, "username");
        String password = AccountJson.text(body, "password");
        Instant now = clock.instant();
        boolean validName = AccountNames.problem(username).isEmpty();
        // Every name is counted and locked per address alike, whether a user has it or not: the answers are the same.
        String counted = validName ? username : "";
        FailedSignIns failures = failures(accounts.signInFailures(counted, request.address()));
        if (lockout.locked(failures, now)) {
            accounts.record(refusal(anonymous, now, validName ? username : null, "locked"));
            throw locked(failures.lockedUntil());
        }
        Optional<UserRecord> found = validName ? accounts.user(username) : Optional.empty();
        UserRecord user = found.filter(u -> u.disabledAt() == null).orElse(null);
        boolean right = hasher.verify(password, user == null ? null : user.passwordHash()); // as long for a name nobody has
        if (user == null || user.passwordHash() == null || !right) {
            String reason = user == null || user.passwordHash() == null ? "unknown or disabled user" : "wrong password";
            SignInFailures after = accounts.failedSignIn(counted, request.address(), now.minus(lockout.forgottenAfter()).toEpochMilli(),
                    stored -> stored(lockout.afterFailure(failures(stored), now)),
                    stored -> stored.lockedUntil() != null
                            ? Audits.of(anonymous, now.toEpochMilli(), "user.locked", validName ? "user:" + username : null,
                                    Audits.REFUSED, Map.of("failures", stored.count(), "lockedUntil", AccountJson.time(stored.lockedUntil()),
                                            "reason", reason))
                            : refusal(anonymous, now, validName ? username : null, reason));
            if (after.lockedUntil() != null) throw locked(Instant.ofEpochMilli(after.lockedUntil()));
            throw new ApiProblem(401, "Unauthorized", WRONG);
        }
        accounts.clearSignInFailures(username, request.address());
        String session = secrets.session();
        String csrf = secrets.csrf();
        long at = now.toEpochMilli();
        Caller caller = new Caller(Caller.Via.SESSION, "user:" + username, user.id(), username, null, null,
                Authenticator.access(user.role(), user.permissions()), user.mustChangePassword(), request.address());
        accounts.signIn(new NewSession(Credentials.hash(session), Credentials.hash(csrf), user.id(), at),
                now.minus(policy.idle()).toEpochMilli(), now.minus(policy.absolute()).toEpochMilli(),
                Audits.of(caller, at, "session.create", "user:" + username, Audits.OK, null));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("me", AccountJson.me(caller));
        answer.put("csrfToken", csrf);
        answer.put("idleTimeoutSeconds", policy.idle().toSeconds());
        answer.put("absoluteTimeoutSeconds", policy.absolute().toSeconds());
        return ApiResponse.json(201, answer).withHeader("Set-Cookie", cookie(session, policy.absolute().toSeconds()));
    }

    private ApiResponse signOut(ApiRequest request, Caller caller) {
        if (caller.sessionId() == null) {
            throw ApiProblem.badRequest("There is no session to end: this call came with a token. Revoke a token with"
                    + " DELETE /api/v1/tokens/{id}.");
        }
        accounts.signOut(caller.sessionId(), Audits.of(caller, clock.millis(), "session.delete", "user:" + caller.username(),
                Audits.OK, null));
        return ApiResponse.noContent().withHeader("Set-Cookie", cookie("", 0));
    }

    /**
     * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends it), only
     * for the API's paths; Secure when the API listens with TLS ({@link HttpHandler#overTls}).
     */
    static String cookie(String value, long maxAgeSeconds) {
        DefaultCookie c = new DefaultCookie(Authenticator.COOKIE, value);
        c.setHttpOnly(true);
        c.setSameSite(CookieHeaderNames.SameSite.Strict);
        c.setPath("/api");
        c.setMaxAge(maxAgeSeconds);
        return ServerCookieEncoder.STRICT.encode(c);
    }

    private AuditEntry refusal(Caller anonymous, Instant now, String username, String reason) {
        return Audits.of(anonymous, now.toEpochMilli(), "session.refused", username == null ? null : "user:" + username,
                Audits.REFUSED, Map.of("reason", reason));
    }

    private static ApiProblem locked(Instant until) {
        return new ApiProblem(401, "Account locked", "Too many wrong passwords from this address: sign-in with this name is"
                + " refused from here until " + until + ". An admin can set a new password to unlock it now.");
    }

    static FailedSignIns failures(SignInFailures s) {
        return new FailedSignIns(s.count(), s.lastAt() == null ? null : Instant.ofEpochMilli(s.lastAt()),
                s.lockedUntil() == null ? null : Instant.ofEpochMilli(s.lockedUntil()));
    }

    static SignInFailures stored(FailedSignIns f) {
        return new SignInFailures(f.count(), f.lastAt() == null ? null : f.lastAt().toEpochMilli(),
                f.lockedUntil() == null ? null : f.lockedUntil().toEpochMilli());
    }
}
