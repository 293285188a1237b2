package io.ductus.engine.api;

import io.ductus.core.auth.Requirement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The OpenAPI 3.1 document of the route table, served at GET /api/v1/openapi.json: each route's
 * operation with its parameters, bodies, answers (problem documents included) and who may call it.
 */
public final class OpenApiDocument {

    private OpenApiDocument() {
    }

    public static Map<String, Object> of(List<Route> routes, String version) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", "3.1.0");
        doc.put("info", Map.of("title", "Ductus REST API", "version", version,
                "description", "The engine's API: everything the studio and the CLI do goes through it. Errors are"
                        + " problem documents (RFC 9457). See docs/rest-api.md."));
        Map<String, Object> paths = new LinkedHashMap<>();
        for (Route route : routes) {
            @SuppressWarnings("unchecked")
            Map<String, Object> item = (Map<String, Object>) paths.computeIfAbsent(route.path(), p -> new LinkedHashMap<>());
            item.put(route.method().toLowerCase(java.util.Locale.ROOT), operation(route));
        }
        doc.put("paths", paths);
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("schemas", ApiSchemas.all());
        components.put("securitySchemes", Map.of(
                "token", Map.of("type", "http", "scheme", "bearer", "bearerFormat", "dux_ and 64 hex digits",
                        "description", "A token from ductus token create or POST /api/v1/tokens."),
                "session", Map.of("type", "apiKey", "in", "cookie", "name", Authenticator.COOKIE,
                        "description", "The studio's session from POST /api/v1/session; requests that change something"
                                + " also need the header " + Authenticator.CSRF_HEADER + ".")));
        doc.put("components", components);
        doc.put("tags", new TreeSet<>(routes.stream().map(Route::tag).toList()).stream()
                .map(t -> Map.of("name", t)).toList());
        return doc;
    }

    private static Map<String, Object> operation(Route route) {
        Requirement requirement = AccessTable.requirement(route.operationId())
                .orElseThrow(() -> new IllegalStateException(route.operationId() + " has no row in the access table"));
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("operationId", route.operationId());
        op.put("summary", route.summary());
        op.put("description", "Who may call it: " + requirement.describe() + ".");
        op.put("tags", List.of(route.tag()));
        List<Object> parameters = new ArrayList<>();
        for (String name : route.template().parameters()) {
            parameters.add(Map.of("name", name, "in", "path", "required", true, "schema", name.equals("id") || name.equals("revision")
                    ? Map.of("type", "integer", "minimum", 1) : Map.of("type", "string"), "description", "the " + name));
        }
        for (Route.Parameter p : route.query()) {
            parameters.add(Map.of("name", p.name(), "in", "query", "required", false,
                    "schema", Map.of("type", p.type()), "description", p.description()));
        }
        if (!parameters.isEmpty()) op.put("parameters", parameters);
        if (route.requestBody() != null) {
            op.put("requestBody", Map.of("required", true,
                    "content", Map.of("application/json", Map.of("schema", ApiSchemas.ref(route.requestBody())))));
        }
        Map<String, Object> responses = new LinkedHashMap<>();
        route.responses().forEach((status, schema) -> responses.put(status.toString(), schema == null
                ? Map.of("description", "done")
                : Map.of("description", describe(status), "content", Map.of(route.produces(), Map.of("schema", ApiSchemas.ref(schema))))));
        if (route.requestBody() != null || !route.query().isEmpty()) responses.put("400", problem("the request is not valid"));
        if (!requirement.open()) {
            responses.put("401", problem("no credentials, or unknown, revoked or expired ones"));
            responses.put("403", problem("the caller's role or permissions are too low, a password change is pending,"
                    + " or the anti-CSRF header is missing"));
        }
        if (!route.template().parameters().isEmpty()) responses.put("404", problem("no such thing"));
        responses.put("default", problem("another problem (500 internal error, 503 database unavailable)"));
        op.put("responses", responses);
        op.put("security", requirement.open() ? List.of()
                : List.of(Map.of("token", List.of()), Map.of("session", List.of())));
        op.put("x-ductus-access", requirement.describe());
        op.putAll(route.extensions());
        return op;
    }

    private static Map<String, Object> problem(String description) {
        return Map.of("description", description,
                "content", Map.of("application/problem+json", Map.of("schema", ApiSchemas.ref("Problem"))));
    }

    private static String describe(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "created";
            case 503 -> "not ready";
            default -> "status " + status;
        };
    }
}
