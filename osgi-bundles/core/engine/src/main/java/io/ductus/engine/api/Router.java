package io.ductus.engine.api;

import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Requirement;
import io.ductus.store.StoreException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the route for a method and path, then checks the caller against the access table before the
 * handler runs: 404 and 405 for no route, 401 for no or bad credentials, 403 when the caller may not
 * (role, permission, password change pending, anti-CSRF token missing), 415 for a body that is not JSON
 * where the operation takes JSON; then waits for the request's turn ({@link ApiLimits}: 429 past the
 * caller's share, 503 when the engine is too busy). Every refusal is a problem document, and no answer names
 * the engine's or a library's classes.
 */
public final class Router {

    private static final Logger LOG = LoggerFactory.getLogger(Router.class);
    public static final String NO_SUCH_OPERATION = "No such operation";

    private final List<Route> routes;
    private final Authenticator authenticator;
    private final ApiLimits limits;

    public Router(List<Route> routes, Authenticator authenticator, ApiLimits limits) {
        Set<String> seen = new HashSet<>();
        Set<String> ids = new HashSet<>();
        for (Route route : routes) {
            if (!seen.add(route.method() + " " + route.path())) {
                throw new IllegalArgumentException("two routes for " + route.method() + " " + route.path());
            }
            if (!ids.add(route.operationId())) throw new IllegalArgumentException("two routes named " + route.operationId());
            if (AccessTable.requirement(route.operationId()).isEmpty()) {
                throw new IllegalArgumentException(route.operationId() + " has no row in the access table");
            }
        }
        this.routes = List.copyOf(routes);
        this.authenticator = authenticator;
        this.limits = limits;
    }

    public List<Route> routes() {
        return routes;
    }

    public ApiResponse dispatch(ApiRequest request) {
        List<Route> onPath = new ArrayList<>();
        Route route = null;
        Map<String, String> parameters = Map.of();
        for (Route r : routes) {
            Optional<Map<String, String>> match = r.template().match(request.path());
            if (match.isEmpty()) continue;
            onPath.add(r);
            if (r.method().equals(request.method())) {
                route = r;
                parameters = match.get();
            }
        }
        if (onPath.isEmpty()) {
            return ApiResponse.problem(404, NO_SUCH_OPERATION, "There is no API operation at " + request.path()
                    + ". GET /api/v1/openapi.json lists them all.");
        }
        if (route == null) {
            String allowed = onPath.stream().map(Route::method).collect(Collectors.joining(", "));
            return ApiResponse.problem(405, "Method not allowed", request.method() + " is not allowed on "
                    + request.path() + "; use " + allowed + ".").withHeader("Allow", allowed);
        }
        ApiLimits.Permit permit = null;
        try {
            Caller caller = admit(route, request);
            requireJson(route, request);
            permit = limits.enter(route.work(request), caller);
            ApiResponse answer = route.handler().handle(request.withPathParameters(parameters), caller);
            if (answer.stream() != null) {
                ApiResponse held = answer.whileStreaming(permit); // the turn is given back when the stream ends
                permit = null;
                return held;
            }
            return answer;
        } catch (ApiProblem problem) {
            return problem.response();
        } catch (StoreException e) {
            LOG.error("{} {}: the database failed: {}", request.method(), request.path(), e.getMessage());
            return ApiResponse.problem(503, "Database unavailable", "The engine could not read or write its database: "
                    + ProblemText.withoutClassNames(e.getMessage()) + ". Nothing was changed; try again.").withHeader("Retry-After", "5");
        } catch (Exception | LinkageError e) {
            // A LinkageError too (a class missing from the framework): the caller gets an answer, never a hung request.
            LOG.error("{} {} failed", request.method(), request.path(), e);
            return ApiResponse.problem(500, "Internal error", "The engine failed to answer " + route.operationId()
                    + ". The engine log has the details.");
        } finally {
            if (permit != null) permit.close();
        }
    }

    /**
     * An operation that takes JSON refuses a body of another type: a form another site's page posts (its types
     * need no CORS preflight) never reaches a handler. A request without a body is the handler's to judge.
     */
    private static void requireJson(Route route, ApiRequest request) {
        if (route.requestBody() == null || request.body().length == 0) return;
        String type = request.header("Content-Type");
        String media = type == null ? "" : type.split(";", 2)[0].strip().toLowerCase(java.util.Locale.ROOT);
        if (media.equals("application/json") || (media.startsWith("application/") && media.endsWith("+json"))) return;
        throw new ApiProblem(415, "Unsupported media type", route.operationId() + " takes JSON: send the body with"
                + " Content-Type: application/json" + (media.isEmpty() ? "" : ", not " + media) + ".");
    }

    /** The caller, once the access table lets them call this operation. */
    private Caller admit(Route route, ApiRequest request) {
        Requirement requirement = AccessTable.requirement(route.operationId()).orElseThrow();
        if (requirement.open()) return Caller.anonymous(request.address());
        Caller caller = authenticator.authenticate(request);
        if (caller.mustChangePassword() && !AccessTable.allowedBeforePasswordChange(route.operationId())) {
            throw new ApiProblem(403, "Password change required", "An admin set this account's password: choose your own"
                    + " with POST /api/v1/me/password before anything else.");
        }
        if (!caller.access().meets(requirement)) {
            throw new ApiProblem(403, "Forbidden", route.operationId() + " needs " + requirement.describe() + "; "
                    + caller.actor() + " has " + caller.access().role().label()
                    + (caller.access().permissions().isEmpty() ? "" : " + "
                    + String.join(", ", Permission.labelsOf(caller.access().permissions()))) + ".");
        }
        return caller;
    }
}
