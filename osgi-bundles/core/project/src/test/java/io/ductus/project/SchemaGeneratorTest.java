package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.ductus.core.project.ConnectorTypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaGeneratorTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final Map<String, ObjectNode> open = new SchemaGenerator(ConnectorTypes.unknown()).all();
    private final Map<String, ObjectNode> known = new SchemaGenerator(TestTypes.KNOWN).all();

    @ParameterizedTest
    @ValueSource(strings = {"ductus.yaml", "resources.yaml", "interfaces/adt-relay/interface.yaml",
            "interfaces/audit/interface.yaml", "interfaces/orders/interface.yaml"})
    void the_test_project_fits_the_schemas(String file) throws IOException {
        JsonNode document = YAML.readTree(Files.readString(ProjectLoaderTest.hospital().resolve(file)));
        assertThat(errors(open, schemaFor(file), document)).isEmpty();
        assertThat(errors(known, schemaFor(file), document)).isEmpty();
    }

    @Test
    void the_reference_examples_and_the_quickstart_fit_the_schemas() throws IOException {
        assertThat(errors(known, "ductus.schema.json", YAML.readTree(ConfigurationReference.DUCTUS_EXAMPLE))).isEmpty();
        assertThat(errors(known, "resources.schema.json", YAML.readTree(ConfigurationReference.RESOURCES_EXAMPLE))).isEmpty();
        assertThat(errors(known, "interface.schema.json", YAML.readTree(ConfigurationReference.INTERFACE_EXAMPLE))).isEmpty();
        assertThat(errors(known, "interface.schema.json", YAML.readTree(ConfigurationReference.ROUTE_TARGET_EXAMPLE))).isEmpty();
        Path quickstart = Path.of("../../../examples/quickstart/ductus.yaml");
        assertThat(errors(open, "ductus.schema.json", YAML.readTree(Files.readString(quickstart)))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ductus.schema.json    | api: { listen: 127.0.0.1:7700, port: 1 }
            ductus.schema.json    | database: ''
            resources.schema.json | databases: { patients: { url: 'postgresql://db/p', password: hunter2 } }
            resources.schema.json | databases: { 'bad name': { url: 'postgresql://db/p' } }
            interface.schema.json | { source: internal, format: hl8, destinations: { a: { type: file } } }
            interface.schema.json | { source: internal, format: hl7, destinations: {} }
            interface.schema.json | { source: internal, format: hl7, ordering: { partitions: 2000 }, destinations: { a: { type: x } } }
            interface.schema.json | { source: internal, format: hl7, destinations: { 'lab one': { type: x } } }
            interface.schema.json | { source: internal, format: hl7, destinations: { a: { type: x, retry: { max_attempts: many } } } }
            interface.schema.json | { source: internal, format: hl7, destinations: { a: { type: interface } } }
            interface.schema.json | { source: internal, format: hl7, destinations: { a: { type: interface, interface: b, extra: 1 } } }
            interface.schema.json | { source: internal, format: hl7, destinations: { a: { interface: b, extra: 1 } } }
            interface.schema.json | { source: internal, format: hl7, destinations: { a: { transform: t } } }
            interface.schema.json | { format: hl7, destinations: { a: { type: x } } }
            interface.schema.json | { source: internal, format: json, destinations: { a: { type: database, database: lab } } }
            interface.schema.json | { source: internal, format: json, destinations: { a: { type: database, database: lab, statement: x, timeout: soon } } }
            """)
    void the_schemas_refuse_what_validation_refuses(String schema, String yaml) throws IOException {
        assertThat(errors(open, schema, YAML.readTree(yaml))).isNotEmpty();
    }

    @Test
    void the_schemas_accept_a_database_destination_and_a_route() throws IOException {
        assertThat(errors(open, "interface.schema.json", YAML.readTree("""
                { source: internal, format: json, destinations: {
                    rows: { type: database, database: lab, statement: 'insert into t values (:a)', timeout: 5s },
                    next: { type: interface, interface: b, transform: toB },
                    also: { interface: c } } }"""))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            { source: { type: mllp }, format: hl7, destinations: { a: { type: file, path: x } } }
            { source: { type: mllp, listen: 'h:1', colour: red }, format: hl7, destinations: { a: { type: file, path: x } } }
            { source: { type: pigeon, listen: 'h:1' }, format: hl7, destinations: { a: { type: file, path: x } } }
            { source: internal, format: hl7, destinations: { a: { type: file, path: x, timeout: 5s } } }
            { source: internal, format: hl7, destinations: { a: { type: mllp, connect: 'h:1', timeout: soon } } }
            """)
    void with_known_types_the_schema_checks_connector_settings(String yaml) throws IOException {
        JsonNode document = YAML.readTree(yaml);
        assertThat(errors(known, "interface.schema.json", document)).isNotEmpty();
        assertThat(errors(open, "interface.schema.json", document)).isEmpty();
    }

    @Test
    void the_schemas_in_the_jar_are_the_generated_ones(@TempDir Path folder) throws IOException {
        SchemaWriter.write(folder, ConnectorTypes.unknown());
        for (String name : open.keySet()) {
            try (InputStream in = SchemaWriter.class.getResourceAsStream("/schemas/" + name)) {
                assertThat(in).as("schemas/%s in the build output", name).isNotNull();
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(Files.readString(folder.resolve(name)));
            }
        }
    }

    @Test
    void every_schema_is_a_valid_draft_2020_12_schema() {
        Schema meta = REGISTRY.getSchema(SchemaLocation.of(SchemaGenerator.DIALECT));
        for (Map<String, ObjectNode> schemas : List.of(open, known)) {
            schemas.forEach((name, schema) -> assertThat(meta.validate(schema)).as(name).isEmpty());
        }
    }

    private static String schemaFor(String file) {
        return file.endsWith("interface.yaml") ? "interface.schema.json" : file.replace(".yaml", ".schema.json");
    }

    private static List<String> errors(Map<String, ObjectNode> schemas, String name, JsonNode document) {
        return REGISTRY.getSchema(schemas.get(name)).validate(document).stream().map(Error::toString).toList();
    }
}
