package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The served OpenAPI document is valid OpenAPI 3.1 and describes exactly the operations the server answers. */
class OpenApiDocumentTest {

    private static ApiFixture fixture;
    private static String served;

    @BeforeAll
    static void serve() throws Exception {
        fixture = new ApiFixture();
        HttpResponse<String> r = fixture.send("GET", "/api/v1/openapi.json", Map.of(), null);
        assertThat(r.statusCode()).isEqualTo(200);
        served = r.body();
    }

    @AfterAll
    static void close() {
        fixture.close();
    }

    @Test
    void passes_an_openapi_validator() throws Exception {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(served, null, options);
        assertThat(result.getMessages()).as("validator messages").isEmpty();
        assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
        assertThat(result.getOpenAPI().getPaths()).containsKey("/api/v1/tokens/{id}");
        // The validator does complain about a broken document: an operation without responses.
        com.fasterxml.jackson.databind.node.ObjectNode doc = (com.fasterxml.jackson.databind.node.ObjectNode) ApiResponse.JSON.readTree(served);
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.get("paths").get("/api/v1/me").get("get")).remove("responses");
        String broken = doc.toString();
        assertThat(new OpenAPIV3Parser().readContents(broken, null, options).getMessages()).isNotEmpty();
    }

    @Test
    void the_event_stream_names_the_schema_of_every_event_type_the_engine_sends() throws Exception {
        JsonNode doc = ApiResponse.JSON.readTree(served);
        JsonNode events = doc.get("paths").get("/api/v1/events").get("get").get("x-ductus-events");
        assertThat(events.size()).isEqualTo(io.ductus.engine.monitor.EventHub.TYPES.size());
        io.ductus.engine.monitor.EventHub.TYPES.forEach((type, schema) -> {
            assertThat(events.get(type).get("$ref").asText()).isEqualTo("#/components/schemas/" + schema);
            assertThat(doc.get("components").get("schemas").has(schema)).as(schema).isTrue();
        });
    }

    @Test
    void lists_exactly_the_routes_the_router_serves() throws Exception {
        assertThat(documented()).isEqualTo(fixture.api.router().routes().stream()
                .map(r -> r.method() + " " + r.path()).collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void every_documented_operation_is_answered_and_nothing_else_is() throws Exception {
        for (String operation : documented()) {
            String[] parts = operation.split(" ");
            HttpResponse<String> r = fixture.send(parts[0], parts[1].replaceAll("\\{[^}]+}", "1"), Map.of(), null);
            assertThat(r.statusCode()).as(operation).isNotIn(405);
            assertThat(r.body()).as(operation).doesNotContain(Router.NO_SUCH_OPERATION);
        }
        HttpResponse<String> r = fixture.send("GET", "/api/v1/tokens/1/else", Map.of(), null);
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(r).get("title").asText()).isEqualTo(Router.NO_SUCH_OPERATION);
        assertThat(fixture.send("PUT", "/api/v1/tokens", Map.of(), null).headers().firstValue("Allow")).contains("GET, POST");
    }

    @Test
    void every_operation_says_who_may_call_it_and_protected_ones_name_both_security_schemes() throws Exception {
        JsonNode paths = ApiResponse.JSON.readTree(served).get("paths");
        for (Iterator<Map.Entry<String, JsonNode>> p = paths.fields(); p.hasNext(); ) {
            for (Iterator<Map.Entry<String, JsonNode>> m = p.next().getValue().fields(); m.hasNext(); ) {
                JsonNode op = m.next().getValue();
                String access = op.get("x-ductus-access").asText();
                assertThat(access).isEqualTo(AccessTable.requirement(op.get("operationId").asText()).orElseThrow().describe());
                assertThat(op.get("security").size()).as(op.get("operationId").asText()).isEqualTo(access.equals("open") ? 0 : 2);
            }
        }
    }

    private static Set<String> documented() throws Exception {
        Set<String> operations = new TreeSet<>();
        JsonNode paths = ApiResponse.JSON.readTree(served).get("paths");
        paths.fields().forEachRemaining(p -> p.getValue().fieldNames()
                .forEachRemaining(m -> operations.add(m.toUpperCase() + " " + p.getKey())));
        return operations;
    }
}
