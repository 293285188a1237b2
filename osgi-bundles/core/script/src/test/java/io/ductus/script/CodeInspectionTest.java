package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.InterfaceCode;
import io.ductus.core.revision.InterfaceFiles;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading an interface's code for the project check: what it exports, and where it breaks. */
class CodeInspectionTest {

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

    @Test
    void code_that_loads_says_which_functions_it_exports() throws IOException {
        write("interfaces/adt/transform.js", "export const LIMIT = 5;\nexport function transform(m) { return m; }\nexport const toLab = (m) => m;\n");
        InterfaceCode code = inspect();
        assertThat(code.problems()).isEmpty();
        assertThat(code.file()).contains("interfaces/adt/transform.js");
        assertThat(code.functions()).containsExactlyInAnyOrder("transform", "toLab");
    }

    @Test
    void a_syntax_error_is_named_with_its_file_line_and_column() throws IOException {
        write("interfaces/adt/transform.js", "export function transform(m) {\n  return m +;\n}\n");
        assertThat(inspect().problems()).singleElement().hasToString(
                "interfaces/adt/transform.js:2:12: SyntaxError: Expected an operand but found ;");
    }

    @Test
    void a_syntax_error_in_a_shared_file_is_named_in_that_file() throws IOException {
        write("lib/codes.js", "export const codes = ;\n");
        write("interfaces/adt/transform.js", "import { codes } from '../../lib/codes.js';\nexport function transform(m) { return codes; }\n");
        assertThat(inspect().problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("lib/codes.js");
            assertThat(p.line()).isEqualTo(1);
        });
    }

    @Test
    void an_import_of_a_missing_file_is_named_at_the_import() throws IOException {
        write("interfaces/adt/transform.js", "// codes\n\nimport { x } from './tables.js';\nexport function transform(m) { return x; }\n");
        assertThat(inspect().problems()).singleElement().hasToString(
                "interfaces/adt/transform.js:3:1: cannot find the module interfaces/adt/tables.js");
    }

    @Test
    void an_import_of_a_name_the_module_does_not_export_is_named_at_the_import() throws IOException {
        write("lib/codes.js", "export const codes = {};\n");
        write("interfaces/adt/transform.js", "import { tables } from '../../lib/codes.js';\nexport function transform(m) { return m; }\n");
        assertThat(inspect().problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("interfaces/adt/transform.js");
            assertThat(p.line()).isEqualTo(1);
            assertThat(p.message()).contains("does not provide an export named 'tables'");
        });
    }

    @Test
    void code_that_throws_as_it_loads_is_named_where_it_throws() throws IOException {
        write("interfaces/adt/transform.js", "const a = 1;\nthrow new Error('no table');\n");
        assertThat(inspect().problems()).singleElement().hasToString("interfaces/adt/transform.js:2:1: Error: no table");
    }

    @Test
    void an_interface_without_code_has_none() {
        assertThat(CodeInspection.inspect(Optional.empty(), project)).isEqualTo(InterfaceCode.NONE);
    }

    @Test
    void code_run_from_a_revisions_files_in_memory_is_named_as_on_disk() {
        InterfaceFiles missingImport = InterfaceFiles.of("adt", Map.of("interfaces/adt/transform.js",
                "// codes\n\nimport { x } from './tables.js';\nexport function transform(m) { return x; }\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(inspectInMemory(missingImport).problems()).singleElement().hasToString(
                "interfaces/adt/transform.js:3:1: cannot find the module interfaces/adt/tables.js");
        InterfaceFiles brokenLib = InterfaceFiles.of("adt", Map.of(
                "interfaces/adt/transform.js", "import { codes } from '../../lib/codes.js';\nexport function transform(m) { return codes; }\n"
                        .getBytes(StandardCharsets.UTF_8),
                "lib/codes.js", "export const codes = ;\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(inspectInMemory(brokenLib).problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("lib/codes.js");
            assertThat(p.line()).isEqualTo(1);
        });
        InterfaceFiles fine = InterfaceFiles.of("adt", Map.of("interfaces/adt/transform.js",
                "export function transform(m) { return m; }\nexport const toLab = (m) => m;\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(inspectInMemory(fine).functions()).containsExactlyInAnyOrder("transform", "toLab");
    }

    private InterfaceCode inspectInMemory(InterfaceFiles files) {
        return CodeInspection.inspect(Optional.of(host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE)), project);
    }

    private InterfaceCode inspect() {
        Path module = InterfaceCodeFiles.module(project, "adt");
        return CodeInspection.inspect(Optional.of(host.load(module, InterfaceCodeFiles.roots(project, "adt"), Duration.ofSeconds(5))),
                project);
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
