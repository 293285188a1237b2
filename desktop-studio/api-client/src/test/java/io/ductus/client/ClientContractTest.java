package io.ductus.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.client.events.EngineEvent;
import io.ductus.client.model.ApiSchema;
import io.ductus.engine.EngineSettings;
import io.ductus.engine.EngineStatus;
import io.ductus.engine.api.Api;
import io.ductus.engine.api.EngineParts;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The client and the engine's route table agree: every operation the client calls exists with that method
 * and path, and every field of every record the client reads or writes is a property of the schema it names
 * in the engine's OpenAPI document. Built from the engine's own {@link Api} (no server), so renaming or
 * dropping an operation or a field in the engine fails this test before any user meets a null.
 */
class ClientContractTest {

    private static JsonNode openApi;

    @BeforeAll
    static void readTheEnginesDocument() {
        Map<String, String> settings = Map.of(EngineSettings.VERSION, "contract", EngineSettings.PROJECT, "/p",
                EngineSettings.DATA, "/d", EngineSettings.DATABASE, "sqlite:/d/ductus.db",
                EngineSettings.API_LISTEN, "127.0.0.1:0", EngineSettings.PLUGINS, "/plugins");
        EngineStatus status = new EngineStatus(EngineSettings.from(settings::get), Clock.systemUTC());
        Api api = new Api(new EngineParts(status, List::of, new ConnectorRegistry(), List::of, () -> null, null, new EventHub(),
                new EngineMetrics()), Clock.systemUTC(), "contract");
        openApi = DuctusClient.JSON.valueToTree(api.openApi());
    }

    @Test
    void every_operation_the_client_calls_is_in_the_route_table_with_its_method_and_path() {
        for (Operation op : Operation.values()) {
            JsonNode operation = openApi.path("paths").path(op.path()).path(op.method().toLowerCase(java.util.Locale.ROOT));
            assertThat(operation.isMissingNode()).as("%s %s (%s) in the engine's route table", op.method(), op.path(), op.operationId())
                    .isFalse();
            assertThat(operation.path("operationId").asText()).as(op.name()).isEqualTo(op.operationId());
        }
    }

    /**
     * The operations of the engine the client has no typed method for, each with the reason. The engine's
     * document must not have an operation that is neither typed ({@link Operation}) nor named here, and
     * nothing named here may be typed or gone: a new operation fails this test until it is typed or listed.
     */
    private static final Map<String, String> NOT_TYPED = Map.of(
            "getMetrics", "Prometheus text for a scraper, not JSON for a client",
            "getOpenApi", "the document this test reads; no caller of the client needs it",
            "listCertificates", "the certificates' expiry, for scripts and monitoring beside /metrics; no studio screen shows it yet");

    @Test
    void every_operation_of_the_engine_is_typed_or_named_as_not_typed() {
        Set<String> engine = new TreeSet<>();
        openApi.path("paths").forEach(path -> path.forEach(operation -> engine.add(operation.path("operationId").asText())));
        Set<String> typed = new TreeSet<>();
        for (Operation op : Operation.values()) typed.add(op.operationId());
        Set<String> untyped = new TreeSet<>(engine);
        untyped.removeAll(typed);
        assertThat(untyped).as("operations of the engine with neither an Operation nor a line in NOT_TYPED")
                .isEqualTo(new TreeSet<>(NOT_TYPED.keySet()));
    }

    @Test
    void every_field_of_every_record_is_a_property_of_its_schema() throws Exception {
        List<Class<?>> records = annotatedRecords();
        assertThat(records).as("records with @ApiSchema").hasSizeGreaterThan(30);
        List<String> problems = new ArrayList<>();
        for (Class<?> type : records) {
            String schemaName = type.getAnnotation(ApiSchema.class).value();
            JsonNode schema = schema(schemaName);
            if (schema.isMissingNode()) {
                problems.add(type.getName() + ": the engine has no schema " + schemaName);
                continue;
            }
            Set<String> properties = properties(schema);
            for (RecordComponent c : type.getRecordComponents()) {
                String name = jsonName(c);
                if (!properties.contains(name)) problems.add(type.getSimpleName() + "." + name + ": not in " + schemaName + " " + properties);
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void every_required_property_of_a_schema_the_client_reads_has_a_field() throws Exception {
        // What the engine always sends and the client would silently drop is worth a look; the names here
        // are left out on purpose (the studio does not show bundles, plugins and connector types yet).
        Set<String> leftOut = Set.of("Engine.bundles", "Engine.connectorTypes", "Engine.plugins", "Engine.interfaces");
        List<String> missing = new ArrayList<>();
        for (Class<?> type : annotatedRecords()) {
            String schemaName = type.getAnnotation(ApiSchema.class).value();
            JsonNode schema = schema(schemaName);
            Set<String> fields = new TreeSet<>();
            for (RecordComponent c : type.getRecordComponents()) {
                fields.add(jsonName(c));
            }
            for (String property : properties(schema)) {
                if (!fields.contains(property) && !leftOut.contains(schemaName + "." + property)) {
                    missing.add(schemaName + "." + property + " (" + type.getSimpleName() + ")");
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void every_event_type_of_the_engine_has_a_record_and_no_record_is_for_a_type_it_no_longer_sends() {
        Set<String> engineTypes = new TreeSet<>();
        openApi.path("paths").path("/api/v1/events").path("get").path("x-ductus-events").fieldNames().forEachRemaining(engineTypes::add);
        Set<String> clientTypes = new TreeSet<>();
        for (String type : engineTypes) {
            if (!(parse(type) instanceof EngineEvent.Unknown)) clientTypes.add(type);
        }
        assertThat(engineTypes).as("event types the engine documents").contains("received", "delivery", "resync");
        assertThat(clientTypes).isEqualTo(engineTypes);
        assertThat(parse("no-such-type")).isInstanceOf(EngineEvent.Unknown.class);
    }

    private static EngineEvent parse(String type) {
        try {
            var method = EngineEvent.class.getDeclaredMethod("parse", String.class, String.class);
            method.setAccessible(true);
            return (EngineEvent) method.invoke(null, type, "{}");
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The JSON name of a record component (@JsonProperty lands on its accessor, field and parameter). */
    private static String jsonName(RecordComponent c) {
        JsonProperty renamed = c.getAccessor().getAnnotation(JsonProperty.class);
        return renamed == null ? c.getName() : renamed.value();
    }

    /**
     * A component schema by name, or an object inside one by a path of property names through arrays:
     * {@code Hotspots/destinations/hotspots} is the items of {@code hotspots} in the items of {@code destinations}.
     */
    private static JsonNode schema(String name) {
        String[] steps = name.split("/");
        JsonNode schema = openApi.path("components").path("schemas").path(steps[0]);
        for (int i = 1; i < steps.length; i++) {
            schema = property(schema, steps[i]);
            if (schema.has("items")) schema = schema.get("items");
        }
        return schema;
    }

    /** A property's schema, looked for in an allOf's parts too. */
    private static JsonNode property(JsonNode schema, String name) {
        JsonNode found = schema.path("properties").path(name);
        for (JsonNode part : schema.path("allOf")) {
            if (!found.isMissingNode()) break;
            found = part.has("$ref") ? property(openApi.path("components").path("schemas")
                    .path(part.get("$ref").asText().replace("#/components/schemas/", "")), name) : property(part, name);
        }
        return found;
    }

    /** A schema's property names, an allOf's merged. */
    private static Set<String> properties(JsonNode schema) {
        Set<String> names = new LinkedHashSet<>();
        schema.path("properties").fieldNames().forEachRemaining(names::add);
        for (JsonNode part : schema.path("allOf")) {
            JsonNode resolved = part.has("$ref") ? openApi.path("components").path("schemas")
                    .path(part.get("$ref").asText().replace("#/components/schemas/", "")) : part;
            names.addAll(properties(resolved));
        }
        return names;
    }

    /** Every class of the client's jar with @ApiSchema, found on disk (records only). */
    private static List<Class<?>> annotatedRecords() throws IOException, ClassNotFoundException {
        URL root = DuctusClient.class.getProtectionDomain().getCodeSource().getLocation();
        Path classes = Path.of(java.net.URI.create(root.toString()));
        List<Class<?>> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Iterator<Path> it = files.filter(p -> p.toString().endsWith(".class")).iterator(); it.hasNext(); ) {
                String name = classes.relativize(it.next()).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name, false, DuctusClient.class.getClassLoader());
                if (c.isRecord() && c.isAnnotationPresent(ApiSchema.class)) found.add(c);
            }
        }
        return found;
    }
}
