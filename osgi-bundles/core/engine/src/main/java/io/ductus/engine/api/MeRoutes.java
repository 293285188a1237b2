package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.Passwords;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.UserRecord;
import java.time.Clock;
import java.util.List;

/** The caller's own: who they are, what they did, and changing their password. */
final class MeRoutes {

    private final AccountStore accounts;
    private final Clock clock;
    private final PasswordHasher hasher;

    MeRoutes(AccountStore accounts, Clock clock, PasswordHasher hasher) {
        this.accounts = accounts;
        this.clock = clock;
        this.hasher = hasher;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/me", "getMe", "Who is calling, with which role and permissions")
                        .tag("me").returns(200, "Me").handle((r, c) -> ApiResponse.json(200, AccountJson.me(c))),
                AuditRoutes.paged(Route.get("/api/v1/me/activity", "listMyActivity",
                        "The caller's own audit rows (a user's, or a token owner's), newest first").tag("me"))
                        .handle(this::activity),
                Route.post("/api/v1/me/password", "changeMyPassword", "Change your own password (ends your other sessions)")
                        .tag("me").body("PasswordChange").returns(204, null).handle(this::changePassword));
    }

    private ApiResponse activity(ApiRequest request, Caller caller) {
        Long user = caller.userId();
        Long token = user == null ? caller.tokenId() : null;
        return ApiResponse.json(200, AccountJson.page(accounts.audit(AuditRoutes.query(request, user, token))));
    }

    private ApiResponse changePassword(ApiRequest request, Caller caller) {
        JsonNode body = request.json();
        String current = AccountJson.text(body, "currentPassword");
        String chosen = AccountJson.text(body, "newPassword");
        if (caller.userId() == null) {
            throw new ApiProblem(403, "Forbidden", "A service token has no password to change.");
        }
        UserRecord user = accounts.user(caller.userId())
                .orElseThrow(() -> new ApiProblem(401, "Unauthorized", "The user is gone; sign in again."));
        if (!hasher.verify(current, user.passwordHash())) {
            accounts.record(Audits.of(caller, clock.millis(), "user.password_change", "user:" + user.username(),
                    Audits.REFUSED, java.util.Map.of("reason", "wrong current password")));
            throw new ApiProblem(403, "Wrong password", "currentPassword is not the password now; nothing was changed.");
        }
        Passwords.weakness(chosen, user.username()).ifPresent(w -> {
            throw ApiProblem.badRequest(w + "; nothing was changed.");
        });
        if (chosen.equals(current)) throw ApiProblem.badRequest("the new password is the current one; choose another.");
        long now = clock.millis();
        accounts.setPassword(user.id(), hasher.hash(chosen), false, caller.sessionId(), now,
                Audits.of(caller, now, "user.password_change", "user:" + user.username(), Audits.OK, null));
        return ApiResponse.noContent();
    }
}
