package io.ductus.core.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InterfaceFilesTest {

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"interfaces/other/transform.js", "ductus.yaml", "interfaces/adt/../other/x.js", "/etc/passwd",
            "interfaces/adt/.hidden", "lib//x.js", "interfaces/adt/a\\b.js"})
    void refuses_a_path_outside_the_interface_folder_and_lib(String path) {
        assertThatThrownBy(() -> InterfaceFiles.of("adt", Map.of(path, b("x")))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(path.contains("\\") ? "backslash" : "'");
    }

    @Test
    void takes_the_interface_folder_its_tests_and_lib() {
        InterfaceFiles files = InterfaceFiles.of("adt", Map.of("interfaces/adt/interface.yaml", b("a"),
                "interfaces/adt/tests/one.test.js", b("t"), "lib/codes.js", b("l")));
        assertThat(files.paths()).containsExactly("interfaces/adt/interface.yaml", "interfaces/adt/tests/one.test.js", "lib/codes.js");
        assertThat(files.own().paths()).containsExactly("interfaces/adt/interface.yaml", "interfaces/adt/tests/one.test.js");
    }

    @Test
    void finds_the_lib_files_the_code_imports_transitively_and_only_those() {
        InterfaceFiles own = InterfaceFiles.of("adt", Map.of(
                "interfaces/adt/transform.js", b("import { codes } from '../../lib/codes.js';\nimport '../../lib/side.js';\nexport const transform = (m) => m;"),
                "interfaces/adt/tests/a.test.js", b("import { transform } from '../transform.js';\nimport { h } from \"../../../lib/helpers.js\";")));
        Map<String, byte[]> lib = Map.of(
                "lib/codes.js", b("export { units } from './units/ucum.js';\nexport const codes = {};"),
                "lib/units/ucum.js", b("export const units = await import('../deep.js');"),
                "lib/deep.js", b("export default 1;"),
                "lib/side.js", b("globalThis.x = 1;"),
                "lib/unused.js", b("export const no = 1;"));
        InterfaceFiles all = CodeImports.withImportedLib(own, p -> Optional.ofNullable(lib.get(p)));
        assertThat(all.paths()).containsExactly("interfaces/adt/tests/a.test.js", "interfaces/adt/transform.js", "lib/codes.js",
                "lib/deep.js", "lib/side.js", "lib/units/ucum.js");
    }

    @Test
    void an_import_that_does_not_resolve_is_left_to_the_code_check() {
        InterfaceFiles own = InterfaceFiles.of("adt", Map.of("interfaces/adt/transform.js", b("import { x } from '../../lib/missing.js';")));
        assertThat(CodeImports.withImportedLib(own, p -> Optional.empty()).paths()).containsExactly("interfaces/adt/transform.js");
    }

    @Test
    void a_multi_line_import_is_found() {
        assertThat(CodeImports.specifiers("import {\n  a,\n  b,\n} from '../../lib/ab.js';\n")).containsExactly("../../lib/ab.js");
    }
}
