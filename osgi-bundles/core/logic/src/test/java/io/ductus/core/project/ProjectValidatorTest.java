package io.ductus.core.project;

import io.ductus.store.Durability;
import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.FieldType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProjectValidatorTest {

    private static final ConnectorTypes TYPES = ConnectorTypes.of(List.of(
            ConnectorType.sourceAndDestination("mllp", "HL7 over MLLP",
                    ConfigSchema.builder().required("listen", FieldType.HOST_PORT, "address to listen on").build(),
                    ConfigSchema.builder().required("connect", FieldType.HOST_PORT, "address to send to").build()),
            ConnectorType.destination("file", "files", ConfigSchema.builder().required("path", FieldType.STRING, "where").build())));

    private final Nodes n = new Nodes();

    @Test
    void maps_a_good_interface_into_the_model() {
        ProjectCheck check = check("adt", n.map(
                "source", n.map("type", "mllp", "listen", "127.0.0.1:6661"),
                "format", "hl7",
                "ordering", n.map("key", "PID-3.1", "partitions", 16),
                "dedupe", "MSH-10",
                "destinations", n.map(
                        "archive", n.map("type", "file", "path", "out/{MSH-10}.hl7"),
                        "lab", n.map("type", "mllp", "connect", "127.0.0.1:7001", "transform", "toLab",
                                "retry", n.map("max_attempts", 20), "save_output", true))));

        assertThat(check.problems()).isEmpty();
        InterfaceDefinition adt = check.project().interfaces().get("adt");
        assertThat(adt.source()).isEqualTo(new SourceDefinition("mllp", Map.of("listen", "127.0.0.1:6661")));
        assertThat(adt.durability()).isEqualTo(Durability.STRICT);
        assertThat(adt.ordering()).isEqualTo(new Ordering(Optional.of("PID-3.1"), 16));
        assertThat(adt.hl7OrderingKey()).map(Object::toString).contains("PID-3.1");
        assertThat(adt.destinations().keySet()).containsExactly("archive", "lab");
        assertThat(adt.destinations().get("archive").transform()).isEqualTo(DestinationTransform.DEFAULT);
        assertThat(adt.destinations().get("archive").retry()).isEqualTo(Retry.FOREVER);
        DestinationDefinition lab = adt.destinations().get("lab");
        assertThat(lab.settings()).containsExactly(Map.entry("connect", "127.0.0.1:7001"));
        assertThat(lab.transform()).isEqualTo(DestinationTransform.of("toLab"));
        assertThat(lab.retry().maxAttempts()).isEqualTo(OptionalInt.of(20));
        assertThat(lab.saveOutput()).isTrue();
        assertThat(lab.outputFormat()).isEqualTo(Format.HL7);
    }

    @Test
    void collects_every_problem_and_leaves_the_interface_out() {
        ProjectCheck check = check("adt", n.map(
                "source", n.map("type", "carrier-pigeon"),
                "format", "hl8",
                "colour", "blue",
                "ordering", n.map("partitions", 0),
                "destinations", n.map(
                        "lab one", n.map("type", "mllp", "retry", n.map("max_attempts", "many")))));

        assertThat(check.project().interfaces()).isEmpty();
        assertThat(check.problems()).extracting(p -> p.field() + ": " + p.message()).containsExactlyInAnyOrder(
                "source.type: unknown source type 'carrier-pigeon'; known types: database, internal, mllp",
                "format: expected one of hl7, json, xml, csv, text, got 'hl8'",
                "colour: unknown key; known keys: source, format, charset, durability, ordering, timeout, dedupe, retention, quarantined, owner, monitor, destinations",
                "ordering.partitions: expected a whole number from 1 to 1024, got 0",
                "destinations.lab one: destination name must be " + io.ductus.core.project.shape.NamedEntries.NAME_RULE + ", got 'lab one'",
                "destinations.lab one.retry.max_attempts: expected a whole number ≥ 1, got 'many'",
                "destinations.lab one.connect: required setting is missing (host:port: address to send to)");
    }

    @Test
    void an_hl7_interface_needs_hl7_paths_for_its_keys() {
        ProjectCheck check = check("adt", n.map(
                "source", "internal", "format", "hl7",
                "ordering", n.map("key", "patient.id"), "dedupe", "MSH-0",
                "destinations", n.map("archive", n.map("type", "file", "path", "out"))));
        assertThat(check.problems()).extracting(Problem::field).containsExactly("ordering.key", "dedupe");
    }

    @Test
    void an_internal_interface_needs_a_destination() {
        ProjectCheck check = check("relay", n.map("source", "internal", "format", "hl7"));
        assertThat(check.problems()).extracting(Problem::field).containsExactly("destinations");
        assertThat(check.problems().get(0).message()).contains("internal interface");
    }

    @Test
    void a_source_that_stores_what_it_receives_needs_a_destination_when_its_factory_can_tell() {
        ConnectorTypes telling = ConnectorTypes.of(TYPES.all(), (type, settings) -> Optional.of(false));
        ProjectCheck check = ProjectValidator.check(sources("adt", n.map(
                "source", n.map("type", "mllp", "listen", "127.0.0.1:6661"), "format", "hl7")), telling);
        assertThat(check.problems()).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("destinations");
            assertThat(p.message()).contains("none given").contains("respond: true");
            assertThat(p.line()).isPositive();
        });
        assertThat(check.project().interfaces()).doesNotContainKey("adt");
    }

    @Test
    void a_source_that_answers_requests_itself_goes_without_destinations() {
        ConnectorTypes telling = ConnectorTypes.of(TYPES.all(), (type, settings) -> Optional.of(true));
        ProjectCheck check = ProjectValidator.check(sources("lookup", n.map(
                "source", n.map("type", "mllp", "listen", "127.0.0.1:6661"), "format", "hl7")), telling);
        assertThat(check.problems()).isEmpty();
        assertThat(check.project().interfaces().get("lookup").destinations()).isEmpty();
    }

    @Test
    void a_connector_source_may_go_without_destinations_for_the_engine_to_judge() {
        // Whether the source answers requests itself (respond mode) is the connector's to say, at start.
        ProjectCheck check = ProjectValidator.check(sources("lookup", n.map(
                "source", n.map("type", "anything", "respond", true), "format", "json")), ConnectorTypes.unknown());
        assertThat(check.problems()).isEmpty();
        assertThat(check.project().interfaces().get("lookup").destinations()).isEmpty();
    }

    @Test
    void a_json_interface_keeps_its_key_path_as_written() {
        ProjectCheck check = check("orders", n.map(
                "source", "internal", "format", "json", "ordering", n.map("key", "patient.id"),
                "destinations", n.map("archive", n.map("type", "file", "path", "out"))));
        assertThat(check.problems()).isEmpty();
        assertThat(check.project().interfaces().get("orders").ordering().key()).contains("patient.id");
    }

    @Test
    void without_known_types_connector_settings_are_not_checked() {
        ProjectCheck check = ProjectValidator.check(sources("adt", n.map(
                "source", n.map("type", "anything", "whatever", 1), "format", "text",
                "destinations", n.map("out", n.map("type", "other", "x", "y")))), ConnectorTypes.unknown());
        assertThat(check.problems()).isEmpty();
        assertThat(check.project().interfaces().get("adt").source().settings()).containsEntry("whatever", 1L);
    }

    @Test
    void engine_keys_in_the_wrong_block_are_refused() {
        ProjectCheck check = check("adt", n.map(
                "source", n.map("type", "mllp", "listen", "127.0.0.1:1", "retry", n.map("max_attempts", 2)),
                "format", "hl7", "destinations", n.map("archive", n.map("type", "file", "path", "out"))));
        assertThat(check.problems()).extracting(p -> p.field() + ": " + p.message()).containsExactly("source.retry: not a source setting");
    }

    @Test
    void a_password_must_be_a_secret_reference() {
        ProjectSources sources = new ProjectSources(Optional.empty(), Optional.of(ProjectFile.of("resources.yaml", n.map(
                "databases", n.map("patients", n.map("url", "postgresql://db:5432/p", "user", "ductus", "password", "hunter2"))))),
                Map.of());
        ProjectCheck check = ProjectValidator.check(sources, TYPES);
        assertThat(check.problems()).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("databases.patients.password");
            assertThat(p.message()).startsWith("credentials are never written inline").doesNotContain("hunter2");
        });
        assertThat(check.project().resources()).isEqualTo(Resources.NONE);
    }

    @Test
    void a_database_destination_must_name_a_database_of_resources_yaml() {
        MapNode adt = n.map("source", "internal", "format", "json", "destinations", n.map(
                "store", n.map("type", "database", "database", "patient", "statement", "insert into t values (:id)")));
        ProjectFile resources = ProjectFile.of("resources.yaml", n.map("databases", n.map("patients", n.map("url", "sqlite:p.db"))));
        ProjectCheck check = ProjectValidator.check(new ProjectSources(Optional.empty(), Optional.of(resources),
                Map.of("adt", ProjectFile.of("interfaces/adt/interface.yaml", adt))), TYPES);

        assertThat(check.project().interfaces()).isEmpty();
        assertThat(check.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("interfaces/adt/interface.yaml");
            assertThat(p.position().line()).isGreaterThan(1);
            assertThat(p.field()).isEqualTo("destinations.store.database");
            assertThat(p.message()).isEqualTo("no database 'patient' in resources.yaml (it has patients)");
        });
    }

    @Test
    void a_database_source_must_name_a_database_of_resources_yaml() {
        MapNode adt = n.map("source", n.map("type", "database", "database", "labs", "query",
                "select * from r where id > :cursor order by id", "cursor", "id"), "format", "json", "destinations", n.map(
                "out", n.map("type", "mllp", "connect", "127.0.0.1:7001")));
        ProjectFile resources = ProjectFile.of("resources.yaml", n.map("databases", n.map("lab", n.map("url", "sqlite:l.db"))));
        ProjectCheck check = ProjectValidator.check(new ProjectSources(Optional.empty(), Optional.of(resources),
                Map.of("adt", ProjectFile.of("interfaces/adt/interface.yaml", adt))), TYPES);

        assertThat(check.project().interfaces()).isEmpty();
        assertThat(check.problems()).singleElement().satisfies(p -> {
            assertThat(p.position().line()).isGreaterThan(1);
            assertThat(p.field()).isEqualTo("source.database");
            assertThat(p.message()).isEqualTo("no database 'labs' in resources.yaml (it has lab)");
        });
    }

    @Test
    void a_destination_with_only_interface_is_a_route() {
        MapNode adt = n.map("source", n.map("type", "mllp", "listen", "127.0.0.1:6661"), "format", "hl7", "destinations",
                n.map("copy", n.map("interface", "audit")));
        MapNode audit = n.map("source", "internal", "format", "hl7", "destinations", n.map(
                "out", n.map("type", "mllp", "connect", "127.0.0.1:7001")));
        ProjectCheck check = ProjectValidator.check(new ProjectSources(Optional.empty(), Optional.empty(), Map.of(
                "adt", ProjectFile.of("interfaces/adt/interface.yaml", adt),
                "audit", ProjectFile.of("interfaces/audit/interface.yaml", audit))), TYPES);

        assertThat(check.problems()).isEmpty();
        DestinationDefinition copy = check.project().interfaces().get("adt").destinations().get("copy");
        assertThat(copy.type()).isEqualTo("interface");
        assertThat(copy.routeTarget()).contains("audit");
    }

    @Test
    void a_destination_without_type_or_interface_is_refused() {
        ProjectCheck check = check("adt", n.map("source", n.map("type", "mllp", "listen", "127.0.0.1:6661"), "format", "hl7",
                "destinations", n.map("lab", n.map("transform", "toLab"))));
        assertThat(check.problems()).extracting(p -> p.field() + ": " + p.message())
                .anySatisfy(p -> assertThat(p).startsWith("destinations.lab.type: required; the connector type"));
    }

    @Test
    void a_route_to_an_interface_left_out_for_its_database_is_refused_too() {
        MapNode results = n.map("source", "internal", "format", "json", "destinations", n.map(
                "store", n.map("type", "database", "database", "nowhere", "statement", "insert into t values (:id)")));
        MapNode adt = n.map("source", n.map("type", "mllp", "listen", "127.0.0.1:6661"), "format", "json", "destinations", n.map(
                "to-results", n.map("type", "interface", "interface", "results")));
        ProjectCheck check = ProjectValidator.check(new ProjectSources(Optional.empty(), Optional.empty(), Map.of(
                "results", ProjectFile.of("interfaces/results/interface.yaml", results),
                "adt", ProjectFile.of("interfaces/adt/interface.yaml", adt))), TYPES);

        assertThat(check.project().interfaces()).isEmpty();
        assertThat(check.problems()).extracting(p -> p.file() + " " + p.field() + ": " + p.message()).containsExactlyInAnyOrder(
                "interfaces/results/interface.yaml destinations.store.database: no database 'nowhere' in resources.yaml (it has none)",
                "interfaces/adt/interface.yaml destinations.to-results.interface: interface 'results' has problems of its own; fix them first");
    }

    @Test
    void a_database_destination_with_a_known_database_is_accepted() {
        MapNode adt = n.map("source", "internal", "format", "json", "destinations", n.map(
                "store", n.map("type", "database", "database", "patients", "statement", "insert into t values (:id)")));
        ProjectFile resources = ProjectFile.of("resources.yaml", n.map("databases", n.map("patients", n.map("url", "sqlite:p.db"))));
        ProjectCheck check = ProjectValidator.check(new ProjectSources(Optional.empty(), Optional.of(resources),
                Map.of("adt", ProjectFile.of("interfaces/adt/interface.yaml", adt))), TYPES);

        assertThat(check.problems()).isEmpty();
        assertThat(check.project().interfaces().get("adt").destinations().get("store").settings())
                .containsEntry("database", "patients");
    }

    @Test
    void a_transform_the_code_does_not_export_is_named_at_its_key_and_the_interface_left_out() {
        InterfaceCode code = new InterfaceCode(Optional.of("interfaces/adt/transform.js"), Set.of("transform", "toPatients"), List.of());
        ProjectCheck check = ProjectValidator.check(sources("adt", n.map("source", "internal", "format", "hl7", "destinations", n.map(
                "archive", n.map("type", "file", "path", "out"),
                "lab", n.map("type", "file", "path", "lab", "transform", "toLab")))), TYPES, d -> Optional.of(code));

        assertThat(check.project().interfaces()).isEmpty();
        assertThat(check.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("interfaces/adt/interface.yaml");
            assertThat(p.line()).isGreaterThan(1);
            assertThat(p.field()).isEqualTo("destinations.lab.transform");
            assertThat(p.message()).isEqualTo("transform.js exports no function 'toLab' (it exports toPatients, transform)");
        });
    }

    @Test
    void a_transform_named_without_code_is_refused_and_none_is_not() {
        ProjectCheck check = ProjectValidator.check(sources("adt", n.map("source", "internal", "format", "hl7", "destinations", n.map(
                "archive", n.map("type", "file", "path", "out", "transform", "none"),
                "lab", n.map("type", "file", "path", "lab", "transform", "toLab")))), TYPES, d -> Optional.of(InterfaceCode.NONE));
        assertThat(check.problems()).extracting(p -> p.field() + ": " + p.message()).containsExactly(
                "destinations.lab.transform: names the function 'toLab' but the interface has no transform.js (write transform: none,"
                        + " or leave it out, to deliver the payload unchanged)");
    }

    @Test
    void code_that_does_not_load_leaves_its_interface_out_with_its_own_problems() {
        Problem syntax = new Problem("interfaces/adt/transform.js", new Position(3, 7), "", "SyntaxError: Expected ; but found x");
        ProjectCheck check = ProjectValidator.check(sources("adt", n.map("source", "internal", "format", "hl7", "destinations", n.map(
                        "archive", n.map("type", "file", "path", "out")))), TYPES,
                d -> Optional.of(new InterfaceCode(Optional.of("interfaces/adt/transform.js"), Set.of(), List.of(syntax))));
        assertThat(check.project().interfaces()).isEmpty();
        assertThat(check.problems()).containsExactly(syntax);
        assertThat(check.problemsOf("adt")).containsExactly(syntax);
    }

    @Test
    void a_source_answering_requests_needs_the_code_to_export_transform() {
        ConnectorTypes answering = ConnectorTypes.of(TYPES.all(), (type, settings) -> Optional.of(true));
        InterfaceCode code = new InterfaceCode(Optional.of("interfaces/lookup/transform.js"), Set.of("answer"), List.of());
        ProjectCheck check = ProjectValidator.check(sources("lookup", n.map(
                "source", n.map("type", "mllp", "listen", "127.0.0.1:6661"), "format", "json")), answering, d -> Optional.of(code));
        assertThat(check.problems()).extracting(p -> p.field() + ": " + p.message()).containsExactly(
                "source: answers each request with the code's transform(msg, meta), but interfaces/lookup/transform.js exports no function 'transform'");
    }

    @Test
    void the_factories_own_checks_are_reported_at_the_setting_they_name() {
        ConnectorTypes checked = ConnectorTypes.of(TYPES.all(), (type, settings) -> Optional.empty(), (type, role, settings) ->
                settings.get("path").toString().contains("{") ? List.of(new io.ductus.sdk.config.ConfigProblem("path", "'{' is not closed"))
                        : List.of());
        ProjectCheck check = ProjectValidator.check(sources("adt", n.map("source", "internal", "format", "hl7", "destinations", n.map(
                "archive", n.map("type", "file", "path", "out/{MSH-10")))), checked);
        assertThat(check.problems()).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("destinations.archive.path");
            assertThat(p.message()).isEqualTo("'{' is not closed");
            assertThat(p.line()).isGreaterThan(1);
        });
    }

    @Test
    void a_database_destination_takes_json_whatever_the_interface_reads() {
        MapNode rows = n.map("source", "internal", "format", "csv", "destinations", n.map(
                "store", n.map("type", "database", "database", "lab", "statement", "insert into t values (:id)"),
                "copy", n.map("type", "file", "path", "out")));
        ProjectFile resources = ProjectFile.of("resources.yaml", n.map("databases", n.map("lab", n.map("url", "sqlite:l.db"))));
        ProjectCheck check = ProjectValidator.check(new ProjectSources(Optional.empty(), Optional.of(resources),
                Map.of("rows", ProjectFile.of("interfaces/rows/interface.yaml", rows))), TYPES);
        assertThat(check.problems()).isEmpty();
        assertThat(check.project().interfaces().get("rows").destinations().get("store").outputFormat()).isEqualTo(Format.JSON);
        assertThat(check.project().interfaces().get("rows").destinations().get("copy").outputFormat()).isEqualTo(Format.CSV);
    }

    @Test
    void a_database_destination_told_to_take_another_format_is_refused() {
        ProjectCheck check = check("rows", n.map("source", "internal", "format", "csv", "destinations", n.map(
                "store", n.map("type", "database", "database", "lab", "statement", "insert into t values (:id)", "format", "csv"))));
        assertThat(check.problems()).extracting(p -> p.field() + ": " + p.message()).contains(
                "destinations.store.format: a database destination takes json: its statement's parameters are bound from a JSON"
                        + " object or array (leave format out)");
    }

    private ProjectCheck check(String name, MapNode root) {
        return ProjectValidator.check(sources(name, root), TYPES);
    }

    private static ProjectSources sources(String name, MapNode root) {
        return new ProjectSources(Optional.empty(), Optional.empty(),
                Map.of(name, ProjectFile.of("interfaces/" + name + "/interface.yaml", root)));
    }
}
