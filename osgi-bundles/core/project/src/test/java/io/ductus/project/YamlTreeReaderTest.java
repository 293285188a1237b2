package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.ListNode;
import io.ductus.core.project.MapNode;
import io.ductus.core.project.Position;
import io.ductus.core.project.ProjectFile;
import io.ductus.core.project.ScalarNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class YamlTreeReaderTest {

    @Test
    void keeps_the_position_of_every_key_and_value() {
        MapNode root = read("""
                source: { type: mllp }
                destinations:
                  lab:
                    retry: 3
                """);
        MapNode.Entry source = root.entry("source").orElseThrow();
        assertThat(source.keyPosition()).isEqualTo(new Position(1, 1));
        MapNode sourceMap = (MapNode) source.value();
        assertThat(sourceMap.value("type").orElseThrow().position()).isEqualTo(new Position(1, 17));
        MapNode lab = (MapNode) ((MapNode) root.value("destinations").orElseThrow()).value("lab").orElseThrow();
        assertThat(lab.entry("retry").orElseThrow().keyPosition()).isEqualTo(new Position(4, 5));
        assertThat(lab.value("retry").orElseThrow().position()).isEqualTo(new Position(4, 12));
    }

    @Test
    void reads_numbers_booleans_null_and_quoted_text_as_such() {
        MapNode root = read("a: 20\nb: '20'\nc: true\nd:\ne: 1.5\nf: [x, 2]\ng: 99999999999999999999999\n");
        assertThat(((ScalarNode) root.get("a").orElseThrow()).value()).isEqualTo(20L);
        assertThat(((ScalarNode) root.get("b").orElseThrow()).value()).isEqualTo("20");
        assertThat(((ScalarNode) root.get("c").orElseThrow()).value()).isEqualTo(true);
        assertThat(((ScalarNode) root.get("d").orElseThrow()).isNull()).isTrue();
        assertThat(root.value("d")).isEmpty();
        assertThat(((ScalarNode) root.get("e").orElseThrow()).value()).isEqualTo(1.5);
        assertThat(((ListNode) root.get("f").orElseThrow()).plain()).containsExactly("x", 2L);
        assertThat(((ScalarNode) root.get("g").orElseThrow()).value()).isEqualTo("99999999999999999999999");
    }

    @Test
    void a_second_document_is_a_problem() {
        ProjectFile file = YamlTreeReader.read("ductus.yaml", "a: 1\n---\nb: 2\n".getBytes(StandardCharsets.UTF_8));
        assertThat(file.readProblems()).singleElement().asString().startsWith("ductus.yaml:3:1: a file holds one YAML document");
    }

    @Test
    void a_syntax_error_is_a_problem_with_its_position() {
        ProjectFile file = YamlTreeReader.read("ductus.yaml", "a: 1\n b: 2\n".getBytes(StandardCharsets.UTF_8));
        assertThat(file.root()).isEmpty();
        assertThat(file.readProblems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(2);
            assertThat(p.message()).startsWith("not valid YAML: ");
        });
    }

    private static MapNode read(String yaml) {
        ProjectFile file = YamlTreeReader.read("x.yaml", yaml.getBytes(StandardCharsets.UTF_8));
        assertThat(file.readProblems()).isEmpty();
        return file.root().orElseThrow();
    }
}
