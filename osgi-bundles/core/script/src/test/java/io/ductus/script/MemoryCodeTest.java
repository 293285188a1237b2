package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.revision.InterfaceFiles;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Code run from files in memory (a revision's, a draft's), as it would run from the project folder. */
class MemoryCodeTest {

    private static ScriptHost host;

    @TempDir
    Path project;

    @BeforeAll
    static void startHost() {
        host = ScriptHost.start();
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    private static InterfaceFiles code(String... pathsAndTexts) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndTexts.length; i += 2) files.put(pathsAndTexts[i], pathsAndTexts[i + 1].getBytes(StandardCharsets.UTF_8));
        return InterfaceFiles.of("lab", files);
    }

    @Test
    void imports_from_lib_resolve_among_the_files_and_nothing_is_read_from_disk() throws Exception {
        // On disk the project has other code: what runs must be the files given.
        Files.createDirectories(project.resolve("lib"));
        Files.writeString(project.resolve("lib/codes.js"), "export const codes = { GLU: 'from disk' };\n");
        InterfaceFiles files = code(
                "interfaces/lab/transform.js", "import { codes } from '../../lib/codes.js';\nexport function transform(c) { return codes[c]; }\n",
                "lib/codes.js", "export const codes = { GLU: '2345-7' };\n");
        try (ScriptContext context = host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE).newContext()) {
            assertThat(context.call("transform", "GLU").asString()).isEqualTo("2345-7");
        }
    }

    @Test
    void an_import_outside_the_files_is_not_found_even_when_it_is_on_disk() throws Exception {
        Files.createDirectories(project.resolve("lib"));
        Files.writeString(project.resolve("lib/other.js"), "export const x = 1;\n");
        InterfaceFiles files = code("interfaces/lab/transform.js", "import { x } from '../../lib/other.js';\nexport const transform = () => x;\n");
        assertThatThrownBy(() -> host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE).newContext())
                .isInstanceOf(ScriptException.class).hasMessageContaining("other.js");
    }

    @Test
    void a_syntax_error_names_the_file_and_line_as_on_disk() {
        InterfaceFiles files = code("interfaces/lab/transform.js", "export function transform(m) {\n  return m +;\n}\n");
        assertThatThrownBy(() -> host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE).newContext())
                .isInstanceOfSatisfying(ScriptException.class, e -> {
                    assertThat(e.file()).isEqualTo("transform.js");
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.path()).isEqualTo(project.resolve("interfaces/lab/transform.js").toString());
                });
    }

    @Test
    void console_output_goes_where_the_caller_says() throws Exception {
        InterfaceFiles files = code("interfaces/lab/transform.js", "export function transform(m) { console.log('seen', m); log.warn('careful'); return m; }\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ScriptContext context = host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE).newContext(out)) {
            context.call("transform", "x");
        }
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly("seen x", "careful");
    }

    @Test
    void tests_run_from_memory_too() {
        InterfaceFiles files = code("interfaces/lab/transform.js", "export const transform = (m) => m + '!';\n",
                "interfaces/lab/tests/a.test.js", "import { transform } from '../transform.js';\n"
                        + "test('adds a mark', () => expect(transform('a')).toBe('a!'));\n"
                        + "test('fails', () => expect(transform('a')).toBe('b'));\n");
        TestResults.FileResult result = host.loadTests(project, files, "interfaces/lab/tests/a.test.js", Duration.ofSeconds(5)).run();
        assertThat(result.passed()).isEqualTo(1);
        assertThat(result.failed()).isEqualTo(1);
        assertThat(result.tests().get(1).failure().orElseThrow().at().orElseThrow().line()).isEqualTo(3);
    }
}
