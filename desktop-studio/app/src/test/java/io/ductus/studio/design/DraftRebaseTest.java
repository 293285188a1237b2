package io.ductus.studio.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DraftRebaseTest {

    @Test
    void changes_to_different_lines_of_a_file_both_stay() {
        var r = DraftRebase.rebase(Map.of("f", "1\n2\n3\n4\n5\n6\n7\n"), Map.of("f", "1\nmine\n3\n4\n5\n6\n7\n"),
                Map.of("f", "0\n1\n2\n3\n4\n5\n6\ntheirs\n"));
        assertThat(r.conflicts()).isEmpty();
        assertThat(r.files()).containsEntry("f", "0\n1\nmine\n3\n4\n5\n6\ntheirs\n");
    }

    @Test
    void the_same_lines_changed_both_ways_conflict() {
        var r = DraftRebase.rebase(Map.of("f", "a\nb\nc"), Map.of("f", "a\nmine\nc"), Map.of("f", "a\ntheirs\nc"));
        assertThat(r.conflicts()).containsExactly("f");
    }

    @Test
    void files_only_one_side_touched_take_that_side_and_added_files_are_kept() {
        var r = DraftRebase.rebase(Map.of("same", "x", "mine", "1", "theirs", "1", "gone", "g"),
                Map.of("same", "x", "mine", "2", "theirs", "1", "new", "n", "gone", "g"),
                Map.of("same", "x", "mine", "1", "theirs", "3", "their-new", "t"));
        assertThat(r.conflicts()).isEmpty();
        assertThat(r.files()).containsExactlyInAnyOrderEntriesOf(Map.of("same", "x", "mine", "2", "theirs", "3", "new", "n", "their-new", "t"));
    }

    @Test
    void a_file_i_changed_that_they_removed_conflicts() {
        var r = DraftRebase.rebase(Map.of("f", "a"), Map.of("f", "b"), Map.of());
        assertThat(r.conflicts()).containsExactly("f");
    }
}
