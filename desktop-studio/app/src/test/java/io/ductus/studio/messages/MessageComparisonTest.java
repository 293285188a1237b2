package io.ductus.studio.messages;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.studio.hl7.Hl7TreeReader;
import io.ductus.studio.hl7.Hl7Node;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MessageComparisonTest {

    private static Hl7Node read(String text) throws Exception {
        return new Hl7TreeReader().read(text).root();
    }

    @Test
    void fields_are_same_changed_added_or_removed_and_ignored_ones_are_left_out() throws Exception {
        Hl7Node left = read("MSH|^~\\&|A|B|||20260101||ADT^A01|1|P|2.5\rPID|1||M1||DOE^JANE|||F\rOBX|1|NM|GLU||5.4\r");
        Hl7Node right = read("MSH|^~\\&|A|B|||20260102||ADT^A01|2|P|2.5\rPID|1||M1||DOE^JANET||19700101|F\r");
        var rows = MessageComparison.compare(left, right, MessageComparison.DEFAULT_IGNORED);
        assertThat(rows).filteredOn(r -> r.change() != MessageComparison.Change.SAME)
                .extracting(r -> r.path() + " " + r.change() + " " + r.left() + " → " + r.right())
                .containsExactly("PID-5 CHANGED DOE^JANE → DOE^JANET", "OBX-1 REMOVED 1 → ", "OBX-2 REMOVED NM → ", "OBX-3 REMOVED GLU → ",
                        "OBX-5 REMOVED 5.4 → ", "PID-7 ADDED  → 19700101");
        assertThat(rows).extracting(MessageComparison.Row::path).doesNotContain("MSH-7", "MSH-10");
        assertThat(MessageComparison.compare(left, right, Set.of())).extracting(MessageComparison.Row::path).contains("MSH-7", "MSH-10");
    }
}
