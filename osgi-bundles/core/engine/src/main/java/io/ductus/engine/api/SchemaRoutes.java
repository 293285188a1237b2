package io.ductus.engine.api;

import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.project.SchemaGenerator;
import java.util.List;

/**
 * The JSON Schemas of the project files (interface.yaml, ductus.yaml, resources.yaml) for the connector
 * types installed now, plugins included: generated from the same description validation checks against,
 * so a form built from them agrees with what a deploy accepts.
 */
final class SchemaRoutes {

    private final ConnectorRegistry connectors;

    SchemaRoutes(ConnectorRegistry connectors) {
        this.connectors = connectors;
    }

    List<Route> routes() {
        return List.of(Route.get("/api/v1/schema/{file}", "getConfigSchema",
                        "The JSON Schema of a project file for the connector types installed now: interface.schema.json, ductus.schema.json, resources.schema.json")
                .tag("design").produces("application/schema+json").returns(200, "JsonSchema").handle((r, c) -> schema(r)));
    }

    private ApiResponse schema(ApiRequest r) {
        String file = r.pathName("file");
        var schema = new SchemaGenerator(connectors.types()).all().get(file);
        if (schema == null) {
            throw new ApiProblem(404, "Not found", "No schema '" + file + "': there are " + String.join(", ",
                    new java.util.TreeSet<>(SchemaGenerator.FILES.keySet())) + ".");
        }
        return new ApiResponse(200, "application/schema+json", schema.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
