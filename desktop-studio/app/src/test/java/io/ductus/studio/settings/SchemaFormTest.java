package io.ductus.studio.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

public class SchemaFormTest {

    /** The test schema: the served interface.schema.json's shape, with mllp and file connectors. */
    public static JsonNode schema() throws Exception {
        try (var in = SchemaFormTest.class.getResourceAsStream("interface.schema.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    private static SchemaForm.Field field(List<SchemaForm.Field> fields, String path) {
        return fields.stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow(() -> new AssertionError("no field " + path));
    }

    @Test
    void each_setting_of_the_schema_is_a_field_and_a_connectors_own_settings_follow_its_type() throws Exception {
        YamlDocument yaml = YamlDocument.parse("""
                source: { type: mllp, listen: 127.0.0.1:0 }
                format: hl7
                destinations:
                  archive: { type: file, path: out }
                  lab: { type: mllp, connect: "10.0.0.9:6661" }
                tags: [a, b]
                """);
        List<SchemaForm.Field> fields = SchemaForm.fields(schema(), yaml);
        assertThat(fields).extracting(SchemaForm.Field::path).containsExactly(
                "source.type", "source.listen", "source.max_connections", "format", "timeout", "ordering.key", "ordering.partitions",
                "destinations.archive.type", "destinations.archive.path", "destinations.archive.fsync", "destinations.archive.transform",
                "destinations.archive.save_output", "destinations.archive.retry.max_attempts",
                "destinations.lab.type", "destinations.lab.connect", "destinations.lab.ack_timeout", "destinations.lab.transform",
                "destinations.lab.save_output", "destinations.lab.retry.max_attempts");
        SchemaForm.Field type = field(fields, "source.type");
        assertThat(type.kind()).isEqualTo(SchemaForm.Kind.CHOICE);
        assertThat(type.choices()).containsExactly("internal", "mllp");
        assertThat(type.value()).isEqualTo("mllp");
        assertThat(field(fields, "source.listen").required()).isTrue();
        assertThat(field(fields, "source.listen").description()).isEqualTo("host:port to listen on");
        assertThat(field(fields, "source.max_connections").kind()).isEqualTo(SchemaForm.Kind.NUMBER);
        assertThat(field(fields, "format").choices()).containsExactly("hl7", "json", "text");
        assertThat(field(fields, "timeout").defaultValue()).isEqualTo("5s");
        assertThat(field(fields, "destinations.lab.connect").value()).isEqualTo("10.0.0.9:6661");
        assertThat(field(fields, "destinations.lab.connect").group()).isEqualTo("destinations.lab");
        assertThat(field(fields, "destinations.archive.save_output").kind()).isEqualTo(SchemaForm.Kind.BOOLEAN);
        assertThat(field(fields, "ordering.partitions").group()).isEqualTo("ordering");
    }

    @Test
    void a_source_written_as_a_word_is_that_type_and_a_destination_without_a_type_has_only_the_common_fields() throws Exception {
        List<SchemaForm.Field> fields = SchemaForm.fields(schema(), YamlDocument.parse("source: internal\nformat: hl7\ndestinations:\n  next: {}\n"));
        assertThat(field(fields, "source.type").value()).isEqualTo("internal");
        assertThat(fields).extracting(SchemaForm.Field::path).doesNotContain("source.listen")
                .contains("destinations.next.type", "destinations.next.transform").doesNotContain("destinations.next.path");
    }
}
