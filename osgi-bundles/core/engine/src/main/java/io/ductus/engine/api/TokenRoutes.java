package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.AccountNames;
import io.ductus.core.auth.Access;
import io.ductus.core.auth.Credentials;
import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Role;
import io.ductus.store.account.AccountConflictException;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.NewToken;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * API tokens, for admins: list, create (the secret is shown once, only its hash is kept), revoke. A token
 * made for a user may not be given more than that user has, and acts with no more than they have later.
 */
final class TokenRoutes {

    private final AccountStore accounts;
    private final Clock clock;
    private final RandomSecrets secrets;

    TokenRoutes(AccountStore accounts, Clock clock, RandomSecrets secrets) {
        this.accounts = accounts;
        this.clock = clock;
        this.secrets = secrets;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/tokens", "listTokens", "Every token, newest first, revoked ones included (never a secret)")
                        .tag("tokens").returns(200, "TokenList")
                        .handle((r, c) -> ApiResponse.json(200, Map.of("tokens", accounts.tokens().stream().map(AccountJson::token).toList()))),
                Route.post("/api/v1/tokens", "createToken", "Create a token; its secret is in this answer only")
                        .tag("tokens").body("NewToken").returns(201, "CreatedToken").handle(this::create),
                Route.delete("/api/v1/tokens/{id}", "revokeToken", "Revoke a token: it is refused from the next request on")
                        .tag("tokens").returns(204, null).handle(this::revoke));
    }

    private ApiResponse create(ApiRequest request, Caller caller) {
        JsonNode body = request.json();
        String name = AccountJson.text(body, "name");
        AccountNames.problem(name).ifPresent(p -> {
            throw ApiProblem.badRequest("name: " + p + ".");
        });
        Access wanted = new Access(UserRoutes.parse(() -> Role.parse(AccountJson.text(body, "role"))),
                UserRoutes.parse(() -> Permission.parseAll(AccountJson.permissions(body))));
        UserRecord owner = null;
        JsonNode ownerName = body.get("owner");
        if (ownerName != null && !ownerName.isNull()) {
            owner = accounts.user(ownerName.asText())
                    .orElseThrow(() -> ApiProblem.badRequest("owner: there is no user named '" + ownerName.asText() + "'."));
            Access ownerAccess = Authenticator.access(owner.role(), owner.permissions());
            if (!ownerAccess.covers(wanted)) {
                throw ApiProblem.badRequest("a token may not have more than its owner: " + owner.username() + " has "
                        + ownerAccess.role().label() + " with " + Permission.labelsOf(ownerAccess.permissions()) + ".");
            }
        }
        if (!caller.access().covers(wanted)) {
            throw new ApiProblem(403, "Forbidden", "you cannot make a token with more than you have.");
        }
        String secret = secrets.token();
        long now = clock.millis();
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("role", wanted.role().label());
        detail.put("permissions", Permission.labelsOf(wanted.permissions()));
        if (owner != null) detail.put("owner", owner.username());
        try {
            TokenRecord token = accounts.createToken(new NewToken(name, Credentials.hash(secret), wanted.role().label(),
                    Permission.labelsOf(wanted.permissions()), owner == null ? null : owner.id(), now, caller.actor()),
                    Audits.of(caller, now, "token.create", "token:" + name, Audits.OK, detail));
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("token", AccountJson.token(token));
            answer.put("secret", secret);
            return ApiResponse.json(201, answer);
        } catch (AccountConflictException e) {
            throw new ApiProblem(409, "Conflict", e.getMessage() + ".");
        }
    }

    private ApiResponse revoke(ApiRequest request, Caller caller) {
        long id = request.pathId("id");
        TokenRecord token = accounts.tokens().stream().filter(t -> t.id() == id).findFirst()
                .orElseThrow(() -> new ApiProblem(404, "Not found", "There is no token " + id + "."));
        long now = clock.millis();
        if (!accounts.revokeToken(id, now, Audits.of(caller, now, "token.revoke", "token:" + token.name(), Audits.OK, null))) {
            throw new ApiProblem(409, "Conflict", "Token " + id + " was revoked before, on " + AccountJson.time(token.revokedAt()) + ".");
        }
        return ApiResponse.noContent();
    }
}
