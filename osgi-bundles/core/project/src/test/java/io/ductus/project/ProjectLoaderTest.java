package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.config.DatabaseSetting;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.store.Durability;
import io.ductus.core.project.Format;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.project.SecretRef;
import io.ductus.sdk.config.HostPort;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectLoaderTest {

    @TempDir
    Path project;

    static Path hospital() {
        try {
            return Path.of(ProjectLoaderTest.class.getResource("projects/hospital").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void loads_a_project_that_uses_every_key() throws IOException {
        LoadedProject loaded = ProjectLoader.load(hospital(), TestTypes.KNOWN);

        assertThat(loaded.problems()).isEmpty();
        assertThat(loaded.project().interfaces().keySet()).containsExactly("adt-relay", "audit", "orders");
        InterfaceDefinition adt = loaded.project().interfaces().get("adt-relay");
        assertThat(adt.durability()).isEqualTo(Durability.RELAXED);
        assertThat(adt.charset()).contains("ISO-8859-1");
        assertThat(adt.destinations().get("audit").routeTarget()).contains("audit");
        assertThat(loaded.project().interfaces().get("orders").destinations().get("store").outputFormat()).isEqualTo(Format.JSON);
        assertThat(loaded.project().resources().databases().get("patients").password()).contains(new SecretRef("PATIENT_DB_PASSWORD"));
        assertThat(loaded.project().settings().apiListen()).contains(new HostPort("127.0.0.1", 7700));
    }

    @Test
    void takes_a_relative_sqlite_path_relative_to_the_project() throws IOException {
        write("ductus.yaml", "database: sqlite:data/ductus.db\n");
        LoadedProject loaded = ProjectLoader.load(project, ConnectorTypes.unknown());
        assertThat(loaded.project().settings().database())
                .contains(new DatabaseSetting(DatabaseSetting.Kind.SQLITE, project.toAbsolutePath().resolve("data/ductus.db").toString()));
    }

    @Test
    void names_file_line_and_field_for_a_bad_retry_setting() throws IOException {
        write("interfaces/adt/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:6661 }
                format: hl7
                destinations:
                  lab:
                    type: mllp
                    connect: 127.0.0.1:7001
                    retry:
                      max_attempts: many
                """);
        assertThat(lines(ProjectLoader.load(project, TestTypes.KNOWN))).containsExactly(
                "interfaces/adt/interface.yaml:8:21: destinations.lab.retry.max_attempts: expected a whole number ≥ 1, got 'many'");
    }

    @Test
    void collects_every_problem_of_every_file() throws IOException {
        write("ductus.yaml", """
                api:
                  listen: localhost
                  port: 7700
                """);
        write("resources.yaml", """
                databases:
                  patients:
                    url: postgresql://ductus:hunter2@db:5432/p
                """);
        write("interfaces/adt/interface.yaml", """
                source: { type: pigeon }
                format: hl7
                ordering: { key: PID3, partitions: 2000 }
                destinations:
                  lab one: { type: file, path: out }
                  archive: { type: file }
                """);
        assertThat(lines(ProjectLoader.load(project, TestTypes.KNOWN))).containsExactly(
                "ductus.yaml:2:11: api.listen: expected host:port, got 'localhost'",
                "ductus.yaml:3:3: api.port: unknown key; known keys: listen, tls, tls_client_ca, tls_client_subjects, allow",
                "interfaces/adt/interface.yaml:1:17: source.type: unknown source type 'pigeon'; known types: database, internal, mllp",
                "interfaces/adt/interface.yaml:3:18: ordering.key: expected an HL7 path such as PID-3.1, PID-3(2).1 or OBX[2]-5, got 'PID3' (format is hl7)",
                "interfaces/adt/interface.yaml:3:36: ordering.partitions: expected a whole number from 1 to 1024, got 2000",
                "interfaces/adt/interface.yaml:5:3: destinations.lab one: destination name must be a simple name: letters, digits, _ and -, starting with a letter, at most 64 characters, got 'lab one'",
                "interfaces/adt/interface.yaml:6:12: destinations.archive.path: required setting is missing (a text: file name pattern)",
                "resources.yaml:3:10: databases.patients.url: the URL holds a password: take it out and write password: ${secret:NAME}");
    }

    @Test
    void a_yaml_syntax_error_has_its_position_and_other_files_are_still_checked() throws IOException {
        write("interfaces/adt/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:6661 }
                format: hl7
                destinations:
                  lab: [unclosed
                """);
        write("interfaces/lab/interface.yaml", "format: xml\n");
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.problems()).extracting(Problem::file)
                .containsExactly("interfaces/adt/interface.yaml", "interfaces/lab/interface.yaml");
        Problem syntax = loaded.problems().get(0);
        assertThat(syntax.message()).startsWith("not valid YAML: ");
        assertThat(syntax.line()).isBetween(4, 5);
        assertThat(lines(loaded)).contains(
                "interfaces/lab/interface.yaml:1:1: source: required; expected a mapping with type: and the source's settings, or internal "
                        + "(Where messages come from: type: and the connector's settings, or internal for an interface only routes fill.)");
    }

    @Test
    void a_key_written_twice_is_a_problem() throws IOException {
        write("ductus.yaml", "database: sqlite:a.db\ndatabase: sqlite:b.db\n");
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown())))
                .containsExactly("ductus.yaml:2:1: database: written twice (first at line 1); keep one");
    }

    @Test
    void a_file_that_is_not_a_mapping_is_a_problem() throws IOException {
        write("interfaces/adt/interface.yaml", "- source\n- format\n");
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown()))).containsExactly(
                "interfaces/adt/interface.yaml:1:1: expected a mapping of settings (key: value) at the top of the file, got a list");
    }

    @Test
    void an_interface_folder_without_its_file_is_a_problem() throws IOException {
        Files.createDirectories(project.resolve("interfaces/empty"));
        Files.createDirectories(project.resolve("interfaces/.hidden"));
        assertThat(lines(ProjectLoader.load(project, ConnectorTypes.unknown()))).containsExactly(
                "interfaces/empty/interface.yaml:1:1: the file is missing; every folder in interfaces/ is an interface and needs one");
    }

    @Test
    void an_empty_interface_file_is_a_problem_but_empty_settings_files_are_fine() throws IOException {
        write("ductus.yaml", "# nothing yet\n");
        write("resources.yaml", "");
        write("interfaces/adt/interface.yaml", "\n");
        LoadedProject loaded = ProjectLoader.load(project, ConnectorTypes.unknown());
        assertThat(lines(loaded)).containsExactly(
                "interfaces/adt/interface.yaml:1:1: the file is empty; an interface needs at least source, format and destinations"
                        + " (or a source in respond mode)");
        assertThat(loaded.engineProblems()).isEmpty();
    }

    @Test
    void an_interface_with_problems_is_left_out_and_the_others_stay() throws IOException {
        write("interfaces/good/interface.yaml", "source: internal\nformat: text\ndestinations:\n  out: { type: file, path: x }\n");
        write("interfaces/bad/interface.yaml", "source: internal\nformat: text\ndestinations: {}\n");
        LoadedProject loaded = ProjectLoader.load(project, TestTypes.KNOWN);
        assertThat(loaded.project().interfaces().keySet()).containsExactly("good");
        assertThat(lines(loaded)).containsExactly("interfaces/bad/interface.yaml:3:15: destinations: needs at least one destination");
    }

    @Test
    void route_problems_point_at_the_target_setting() throws IOException {
        write("interfaces/a/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:1 }
                format: hl7
                destinations:
                  onward:
                    type: interface
                    interface: b
                """);
        write("interfaces/b/interface.yaml", """
                source: internal
                format: json
                destinations:
                  out: { type: file, path: x }
                """);
        assertThat(lines(ProjectLoader.load(project, TestTypes.KNOWN))).containsExactly(
                "interfaces/a/interface.yaml:6:16: destinations.onward.interface: this destination outputs hl7 but interface 'b' reads json "
                        + "(set format: on the destination or on the target)");
    }

    @Test
    void an_unknown_folder_is_an_error_not_a_problem_list() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ProjectLoader.load(project.resolve("nope"), ConnectorTypes.unknown()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void without_ductus_yaml_the_settings_are_empty() throws IOException {
        LoadedProject loaded = ProjectLoader.load(project, ConnectorTypes.unknown());
        assertThat(loaded.valid()).isTrue();
        assertThat(loaded.project().settings().database()).isEqualTo(Optional.empty());
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static java.util.List<String> lines(LoadedProject loaded) {
        return loaded.problems().stream().map(Problem::toString).toList();
    }
}
