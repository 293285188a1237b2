package io.ductus.studio.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YamlDocumentTest {

    private static final String YAML = """
            # adt-in: from the HIS
            source: { type: mllp, listen: "127.0.0.1:2575" }   # the HIS sends here
            format: hl7
            destinations:
              lab:
                type: mllp
                connect: 127.0.0.1:6661   # the lab's LIS
                ack_timeout: 5s
              archive: { type: file, path: "out/{id}.hl7" }
            """;

    @Test
    void values_are_read_by_their_key_path_with_their_place() {
        YamlDocument doc = YamlDocument.parse(YAML);
        assertThat(doc.problem()).isEmpty();
        assertThat(doc.value("source.listen")).contains("127.0.0.1:2575");
        assertThat(doc.value("destinations.lab.connect")).contains("127.0.0.1:6661");
        assertThat(doc.keys("destinations")).containsExactly("lab", "archive");
        assertThat(doc.line("destinations.lab.ack_timeout")).isEqualTo(8);
        assertThat(YamlDocument.parse("source: [unclosed").problem()).startsWith("not YAML");
    }

    @Test
    void a_value_set_replaces_only_its_own_text_and_keeps_comments_quotes_and_layout() {
        YamlDocument doc = YamlDocument.parse(YAML);
        assertThat(doc.with("destinations.lab.ack_timeout", "10s")).isEqualTo(YAML.replace("ack_timeout: 5s", "ack_timeout: 10s"));
        assertThat(doc.with("source.listen", "0.0.0.0:2575")).isEqualTo(YAML.replace("\"127.0.0.1:2575\"", "\"0.0.0.0:2575\""));
        assertThat(doc.with("destinations.lab.connect", "10.0.0.9:6661"))
                .isEqualTo(YAML.replace("connect: 127.0.0.1:6661   # the lab's LIS", "connect: \"10.0.0.9:6661\"   # the lab's LIS"));
        assertThat(doc.with("format", "json")).isEqualTo(YAML.replace("format: hl7", "format: json"));
    }

    @Test
    void a_missing_key_is_added_where_it_belongs_block_or_flow_and_a_word_becomes_a_mapping() {
        YamlDocument doc = YamlDocument.parse(YAML);
        assertThat(doc.with("destinations.lab.retry.max_attempts", "3", true)).isEqualTo(YAML.replace("    ack_timeout: 5s\n",
                "    ack_timeout: 5s\n    retry:\n      max_attempts: 3\n"));
        assertThat(doc.with("destinations.archive.fsync", "false", true))
                .isEqualTo(YAML.replace("archive: { type: file, path: \"out/{id}.hl7\" }", "archive: { type: file, path: \"out/{id}.hl7\", fsync: false }"));
        assertThat(doc.with("timeout", "2s")).isEqualTo(YAML + "timeout: 2s\n");
        assertThat(YamlDocument.parse("source: internal\nformat: hl7\n").with("source.type", "mllp"))
                .isEqualTo("source: { type: mllp }\nformat: hl7\n");
        assertThat(YamlDocument.parse("format: hl7 # the format\nowner: ops\n").with("ordering.key", "PID-3.1"))
                .isEqualTo("format: hl7 # the format\nowner: ops\nordering:\n  key: PID-3.1\n");
        String reread = doc.with("destinations.lab.retry.max_attempts", "3", true);
        assertThat(YamlDocument.parse(reread).value("destinations.lab.retry.max_attempts")).contains("3");
    }

    @Test
    void an_empty_value_removes_the_key_and_only_it() {
        YamlDocument doc = YamlDocument.parse(YAML);
        assertThat(doc.with("destinations.lab.ack_timeout", "")).isEqualTo(YAML.replace("    ack_timeout: 5s\n", ""));
        assertThat(doc.without("destinations.archive.path")).isEqualTo(YAML.replace(", path: \"out/{id}.hl7\"", ""));
        assertThat(doc.without("destinations.lab.connect")).isEqualTo(YAML.replace("    connect: 127.0.0.1:6661   # the lab's LIS\n", ""));
    }
}
