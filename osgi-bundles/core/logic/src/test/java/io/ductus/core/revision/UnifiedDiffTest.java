package io.ductus.core.revision;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnifiedDiffTest {

    private static InterfaceFiles files(String... pathsAndTexts) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (int i = 0; i < pathsAndTexts.length; i += 2) m.put(pathsAndTexts[i], pathsAndTexts[i + 1].getBytes(StandardCharsets.UTF_8));
        return InterfaceFiles.of("adt", m);
    }

    @Test
    void a_changed_line_is_shown_with_three_lines_of_context_as_git_writes_it() {
        String before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
        String after = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
        List<UnifiedDiff.FileChange> changes = UnifiedDiff.between(files("interfaces/adt/transform.js", before),
                files("interfaces/adt/transform.js", after));
        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).kind()).isEqualTo(UnifiedDiff.FileChange.Kind.CHANGED);
        assertThat(changes.get(0).diff()).isEqualTo("""
                --- a/interfaces/adt/transform.js
                +++ b/interfaces/adt/transform.js
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8
                """);
        assertThat(changes.get(0).added()).isEqualTo(1);
        assertThat(changes.get(0).removed()).isEqualTo(1);
    }

    @Test
    void changes_far_apart_get_hunks_of_their_own() {
        StringBuilder a = new StringBuilder();
        for (int i = 1; i <= 20; i++) a.append(i).append('\n');
        String b = ("\n" + a).replace("\n2\n", "\ntwo\n").replace("\n19\n", "\nnineteen\n").substring(1);
        String diff = UnifiedDiff.between(files("interfaces/adt/a.js", a.toString()), files("interfaces/adt/a.js", b)).get(0).diff();
        assertThat(diff).contains("@@ -1,5 +1,5 @@").contains("@@ -16,5 +16,5 @@");
    }

    @Test
    void added_and_removed_files_diff_against_dev_null() {
        List<UnifiedDiff.FileChange> changes = UnifiedDiff.between(files("interfaces/adt/old.js", "x\n"),
                files("interfaces/adt/new.js", "y\nz\n"));
        assertThat(changes).extracting(UnifiedDiff.FileChange::path).containsExactly("interfaces/adt/new.js", "interfaces/adt/old.js");
        assertThat(changes.get(0).diff()).isEqualTo("--- /dev/null\n+++ b/interfaces/adt/new.js\n@@ -0,0 +1,2 @@\n+y\n+z\n");
        assertThat(changes.get(1).diff()).isEqualTo("--- a/interfaces/adt/old.js\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n");
    }

    @Test
    void a_missing_final_line_break_is_marked_as_git_marks_it() {
        String diff = UnifiedDiff.between(files("interfaces/adt/a.js", "x\ny"), files("interfaces/adt/a.js", "x\ny\n")).get(0).diff();
        assertThat(diff).endsWith("@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+y\n");
    }

    @Test
    void same_files_make_no_change_and_the_same_hash() {
        assertThat(UnifiedDiff.between(files("interfaces/adt/a.js", "x\n"), files("interfaces/adt/a.js", "x\n"))).isEmpty();
        assertThat(files("interfaces/adt/a.js", "x\n").hash()).isEqualTo(files("interfaces/adt/a.js", "x\n").hash())
                .isNotEqualTo(files("interfaces/adt/a.js", "x").hash());
    }
}
