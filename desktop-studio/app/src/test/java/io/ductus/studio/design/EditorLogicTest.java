package io.ductus.studio.design;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.studio.hl7.Hl7TreeReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure parts of the editor: highlighting, find and replace, completion, the project's search. */
class EditorLogicTest {

    @Test
    void javascript_keywords_strings_comments_and_numbers_are_found_without_overlap() {
        String code = "// says hi\nconst x = 'a // not a comment';\nreturn 42;";
        var spans = CodeHighlighting.spans("interfaces/a/transform.js", code);
        assertThat(spans).extracting(s -> s.styleClass() + " " + code.substring(s.start(), s.end()))
                .containsExactly("code-comment // says hi", "code-keyword const", "code-string 'a // not a comment'", "code-keyword return",
                        "code-number 42");
    }

    @Test
    void yaml_keys_comments_and_strings_are_found() {
        String yaml = "source: { type: mllp }  # in\ndestinations:\n  lab:\n    path: \"out\"\n";
        var spans = CodeHighlighting.spans("interfaces/a/interface.yaml", yaml);
        assertThat(spans).extracting(s -> s.styleClass() + " " + yaml.substring(s.start(), s.end()))
                .contains("code-key source", "code-comment # in", "code-key destinations", "code-key lab", "code-key path", "code-string \"out\"");
        assertThat(CodeHighlighting.spans("notes.txt", "x")).isEmpty();
    }

    @Test
    void find_wraps_round_and_replace_all_counts() {
        assertThat(TextSearch.next("abcabc", "bc", 2)).isEqualTo(4);
        assertThat(TextSearch.next("abcabc", "bc", 5)).isEqualTo(1);
        assertThat(TextSearch.next("abc", "x", 0)).isEqualTo(-1);
        assertThat(TextSearch.count("a.a.a", "a")).isEqualTo(3);
        assertThat(TextSearch.replaceAll("a.a", "a", "b")).isEqualTo("b.b");
    }

    @Test
    void completion_offers_the_sdk_and_the_paths_the_sample_has() throws Exception {
        var tree = new Hl7TreeReader().read(DesignFixtures.ADT).root();
        assertThat(Completions.prefix("const n = msg.get('PID-5", 24)).isEqualTo("msg.get('PID-5");
        assertThat(Completions.candidates("msg.get('PID-5", tree, 10)).contains("msg.get('PID-5')", "msg.get('PID-5.1')", "msg.get('PID-5.2')")
                .doesNotContain("msg.get('PID-6')");
        assertThat(Completions.candidates("quar", tree, 10)).containsExactly("quarantine('')");
        assertThat(Completions.candidates("PID-8", tree, 10)).containsExactly("msg.get('PID-8')");
        assertThat(Completions.candidates("msg.", null, 100)).contains("msg.get('')", "msg.set('', )").allMatch(c -> c.startsWith("msg."));
    }

    @Test
    void the_project_search_finds_names_paths_and_lines_of_settings_and_code() {
        ProjectIndex index = new ProjectIndex();
        index.put("adt-in", Map.of("interfaces/adt-in/interface.yaml", "source: mllp\nordering: { key: PID-3.1 }",
                "interfaces/adt-in/transform.js", "msg.set('MSH-5', env('PATIENT_INDEX'));"));
        index.put("orders-in", Map.of("interfaces/orders-in/interface.yaml", "source: http"));
        assertThat(index.search("")).extracting(ProjectIndex.Entry::name).containsExactly("adt-in", "orders-in");
        assertThat(index.search("orders")).extracting(ProjectIndex.Entry::name).containsExactly("orders-in");
        var hits = index.search("patient_index");
        assertThat(hits).extracting(ProjectIndex.Entry::name).containsExactly("adt-in");
        assertThat(hits.getFirst().files()).extracting(ProjectIndex.Hit::label).containsExactly("transform.js:1  msg.set('MSH-5', env('PATIENT_INDEX'));");
        assertThat(index.search("PID-3.1").getFirst().files()).extracting(ProjectIndex.Hit::line).containsExactly(2);
        assertThat(index.search("nowhere")).isEmpty();
    }
}
