package io.ductus.engine.api;

import io.ductus.connector.listener.Refusals;
import io.ductus.core.auth.Access;
import io.ductus.core.auth.Credentials;
import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Role;
import io.ductus.core.auth.SessionPolicy;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.SessionIdentity;
import io.ductus.store.account.TokenIdentity;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds out who is calling: a bearer token first, else the studio's session cookie. Each request looks the
 * token or session up (an index hit), so a revoked token or an ended session stops at once. Requests with
 * the session cookie that change something must also carry the session's anti-CSRF token in
 * {@value #CSRF_HEADER}: another site's page can make the browser send the cookie, never that header.
 * A token acts as its owner at most: a disabled owner's tokens stop, and while the owner must change their
 * password their tokens may do only what their sessions may. Refused credentials are counted
 * ({@code ductus_refusals_total{listener="api",kind="api_credentials"}}) and logged and audited in aggregate:
 * one line and one {@code api.refused} row a minute per address, with how many were refused since the one
 * before, so that anonymous callers cannot grow the audit log without limit.
 */
public final class Authenticator {

    public static final String COOKIE = "ductus_session";
    public static final String CSRF_HEADER = "X-CSRF-Token";
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Logger LOG = LoggerFactory.getLogger(Authenticator.class);
    /** The kind of refusal in /metrics for a call with missing or bad credentials. */
    static final String REFUSED_KIND = "api_credentials";

    private final AccountStore accounts;
    private final Clock clock;
    private final SessionPolicy sessions;
    private final Refusals refusals;

    public Authenticator(AccountStore accounts, Clock clock, SessionPolicy sessions, Refusals refusals) {
        this.accounts = accounts;
        this.clock = clock;
        this.sessions = sessions;
        this.refusals = refusals;
    }

    /** The caller the request proves; a 401 problem when it proves none, 403 for a missing anti-CSRF token. */
    public Caller authenticate(ApiRequest request) {
        try {
            return caller(request);
        } catch (ApiProblem problem) {
            if (problem.status() == 401) refused(request, problem.getMessage());
            throw problem;
        }
    }

    private void refused(ApiRequest request, String reason) {
        refusals.refused(ApiLimits.LISTENER, REFUSED_KIND, ApiLimits.address(request.address()), reason, line -> {
            LOG.warn("API {}", line);
            if (accounts != null) Audits.recordAfter(accounts, Audits.of(Caller.anonymous(request.address()), clock.millis(), "api.refused", null,
                    Audits.REFUSED, Map.of("reason", line)));
        });
    }

    private Caller caller(ApiRequest request) {
        String authorization = request.header("Authorization");
        if (authorization != null) return byToken(authorization, request.address());
        String session = request.cookies().get(COOKIE);
        if (session != null) return bySession(session, request);
        throw unauthorized("This operation needs a caller: send 'Authorization: Bearer dux_…' (a token from ductus token create"
                + " or POST /api/v1/tokens) or sign in with POST /api/v1/session.");
    }

    private Caller byToken(String authorization, String address) {
        if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw unauthorized("The Authorization header must be 'Bearer dux_…'.");
        }
        String secret = authorization.substring(7).trim();
        if (!Credentials.isToken(secret)) {
            throw unauthorized("That is not a Ductus token: tokens are dux_ followed by 64 hex digits.");
        }
        TokenIdentity found = accounts.token(Credentials.hash(secret))
                .orElseThrow(() -> unauthorized("Unknown token: it may be mistyped, or it belongs to another engine's database."));
        TokenRecord token = found.token();
        if (token.revokedAt() != null) {
            throw unauthorized("The token '" + token.name() + "' was revoked on " + Instant.ofEpochMilli(token.revokedAt())
                    + "; ask an admin for a new one.");
        }
        Access access = access(token.role(), token.permissions());
        UserRecord owner = found.owner();
        if (owner != null) {
            if (owner.disabledAt() != null) throw unauthorized("The token's owner '" + owner.username() + "' is disabled.");
            access = access.atMost(access(owner.role(), owner.permissions()));
        }
        return new Caller(Caller.Via.TOKEN, "token:" + token.name(), token.userId(), token.username(), token.id(), null,
                access, owner != null && owner.mustChangePassword(), address);
    }

    private Caller bySession(String value, ApiRequest request) {
        if (!Credentials.isSession(value)) throw unauthorized("The session cookie is not a Ductus session; sign in again.");
        SessionIdentity found = accounts.session(Credentials.hash(value))
                .orElseThrow(() -> unauthorized("The session has ended (signed out, expired, or the password was changed);"
                        + " sign in again."));
        Instant now = clock.instant();
        Instant lastSeen = Instant.ofEpochMilli(found.session().lastSeenAt());
        Optional<String> expired = sessions.expired(Instant.ofEpochMilli(found.session().createdAt()), lastSeen, now);
        if (expired.isPresent()) throw unauthorized("The session has ended: " + expired.get() + ".");
        UserRecord user = found.user();
        if (user.disabledAt() != null) throw unauthorized("The user '" + user.username() + "' is disabled.");
        if (!SAFE_METHODS.contains(request.method())) {
            String csrf = request.header(CSRF_HEADER);
            if (csrf == null || !Credentials.same(Credentials.hash(csrf), found.session().csrfHash())) {
                throw new ApiProblem(403, "Missing anti-CSRF token", "A request that changes something with the session"
                        + " cookie must carry the header " + CSRF_HEADER + " with the csrfToken POST /api/v1/session returned.");
            }
        }
        if (sessions.needsTouch(lastSeen, now)) accounts.touchSession(found.session().id(), now.toEpochMilli());
        return new Caller(Caller.Via.SESSION, "user:" + user.username(), user.id(), user.username(), null,
                found.session().id(), access(user.role(), user.permissions()), user.mustChangePassword(), request.address());
    }

    static Access access(String role, Set<String> permissions) {
        return new Access(Role.parse(role), Permission.parseAll(permissions));
    }

    private static ApiProblem unauthorized(String detail) {
        return new ApiProblem(401, "Unauthorized", detail);
    }
}
