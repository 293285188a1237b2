package io.ductus.engine.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Finds the route for a method and path; answers 404 and 405 as problem documents. */
final class Router {

    private static final Logger LOG = LoggerFactory.getLogger(Router.class);

    private final Map<String, Map<String, Route>> byPath = new LinkedHashMap<>();

    Router(List<Route> routes) {
        for (Route route : routes) {
            Route previous = byPath.computeIfAbsent(route.path(), p -> new LinkedHashMap<>()).put(route.method(), route);
            if (previous != null) throw new IllegalArgumentException("two routes for " + route.method() + " " + route.path());
        }
    }

    ApiResponse dispatch(ApiRequest request) {
        Map<String, Route> methods = byPath.get(request.path());
        if (methods == null) {
            return ApiResponse.problem(404, "Not found", "There is no API operation at " + request.path()
                    + ". See /api/v1/openapi.json for the list.");
        }
        Route route = methods.get(request.method());
        if (route == null) {
            String allowed = methods.keySet().stream().collect(Collectors.joining(", "));
            return ApiResponse.problem(405, "Method not allowed", request.method() + " is not allowed on "
                    + request.path() + "; use " + allowed + ".");
        }
        try {
            return route.handler().handle(request);
        } catch (Exception e) {
            LOG.error("{} {} failed", request.method(), request.path(), e);
            return ApiResponse.problem(500, "Internal error", "The engine failed to answer " + route.operationId()
                    + ": " + e + ". The engine log has the details.");
        }
    }
}
