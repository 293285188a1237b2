package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.AccountNames;
import io.ductus.core.auth.Passwords;
import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Role;
import io.ductus.store.account.AccountConflictException;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.NewUser;
import io.ductus.store.account.UserRecord;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Users, for admins: list, create, and set a password (the user must change it at next sign-in). */
final class UserRoutes {

    private final AccountStore accounts;
    private final Clock clock;
    private final PasswordHasher hasher;

    UserRoutes(AccountStore accounts, Clock clock, PasswordHasher hasher) {
        this.accounts = accounts;
        this.clock = clock;
        this.hasher = hasher;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/users", "listUsers", "Every user, by name").tag("users").returns(200, "UserList")
                        .handle((r, c) -> ApiResponse.json(200, Map.of("users",
                                accounts.users().stream().map(u -> AccountJson.user(u, clock.instant())).toList()))),
                Route.post("/api/v1/users", "createUser", "Create a user with a first password they must change")
                        .tag("users").body("NewUser").returns(201, "User").handle(this::create),
                Route.post("/api/v1/users/{id}/password", "setUserPassword",
                                "Set a user's password (they must change it; ends their sessions and any lockout)")
                        .tag("users").body("PasswordSet").returns(204, null).handle(this::setPassword));
    }

    private ApiResponse create(ApiRequest request, Caller caller) {
        JsonNode body = request.json();
        String username = AccountJson.text(body, "username");
        AccountNames.problem(username).ifPresent(p -> {
            throw ApiProblem.badRequest("username: " + p + ".");
        });
        Role role = parse(() -> Role.parse(AccountJson.text(body, "role")));
        Set<Permission> permissions = parse(() -> Permission.parseAll(AccountJson.permissions(body)));
        String password = AccountJson.text(body, "password");
        Passwords.weakness(password, username).ifPresent(w -> {
            throw ApiProblem.badRequest("password: " + w + ".");
        });
        Instant now = clock.instant();
        Set<String> labels = Permission.labelsOf(permissions);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("role", role.label());
        detail.put("permissions", labels);
        try {
            UserRecord user = accounts.createUser(new NewUser(username, role.label(), labels, hasher.hash(password), true,
                    now.toEpochMilli()), Audits.of(caller, now.toEpochMilli(), "user.create", "user:" + username, Audits.OK, detail));
            return ApiResponse.json(201, AccountJson.user(user, now));
        } catch (AccountConflictException e) {
            throw new ApiProblem(409, "Conflict", e.getMessage() + ".");
        }
    }

    private ApiResponse setPassword(ApiRequest request, Caller caller) {
        long id = request.pathId("id");
        String password = AccountJson.text(request.json(), "password");
        UserRecord user = accounts.user(id).orElseThrow(() -> new ApiProblem(404, "Not found", "There is no user " + id + "."));
        Passwords.weakness(password, user.username()).ifPresent(w -> {
            throw ApiProblem.badRequest("password: " + w + ".");
        });
        long now = clock.millis();
        if (!accounts.setPassword(id, hasher.hash(password), true, null, now,
                Audits.of(caller, now, "user.password_set", "user:" + user.username(), Audits.OK, null))) {
            throw new ApiProblem(404, "Not found", "There is no user " + id + ".");
        }
        return ApiResponse.noContent();
    }

    /** A role or permission from the body; 400 listing the choices when it is none of them. */
    static <T> T parse(java.util.function.Supplier<T> parsing) {
        try {
            return parsing.get();
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badRequest(e.getMessage() + ".");
        }
    }
}
