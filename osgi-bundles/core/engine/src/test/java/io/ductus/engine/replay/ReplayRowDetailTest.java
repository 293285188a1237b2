package io.ductus.engine.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.compare.Difference;
import io.ductus.core.replay.Decision;
import io.ductus.core.replay.RowKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A row's kept detail, written field by field, is the JSON its map would be, so rows saved before and after read alike. */
class ReplayRowDetailTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void the_detail_is_written_as_the_json_of_its_fields_in_order_nulls_and_escapes_included() throws Exception {
        List<ReplayRow> rows = List.of(
                new ReplayRow("oru-lab", 7, 1_764_600_000_123L, "ehr", RowKind.CHANGED, null, Decision.SENT, null, Decision.SENT, null, 1,
                        "kept output", "hl7", List.of(new Difference("MSH-6", "HOSP", "MAIN"), new Difference("OBX[2]-5", null, "7\"1\\x\r\n"),
                                new Difference("PID-5.1", "Dück 🦆", "\u0001\t"))),
                new ReplayRow("adt", 8, 0, "billing", RowKind.DECISION_CHANGED, "sent → filtered: \"no updates\"", Decision.SENT, null,
                        Decision.FILTERED, "billing takes no updates", null, "decision", null, List.of()),
                new ReplayRow("adt", 9, 5, "x", RowKind.NOT_COMPARABLE, "n", null, null, null, null, null, "decision", null, List.of()));
        for (ReplayRow row : rows) {
            assertThat(ReplayJobs.detail(row)).isEqualTo(JSON.writeValueAsString(asMap(row)));
            assertThat(ReplayJobs.read(ReplayJobs.detail(row))).isEqualTo(JSON.readValue(JSON.writeValueAsString(asMap(row)), Map.class));
        }
    }

    @Test
    void the_changed_fields_are_each_path_once_in_order() {
        ReplayRow row = new ReplayRow("i", 1, 0, "d", RowKind.CHANGED, null, Decision.SENT, null, Decision.SENT, null, 1, "kept output", "hl7",
                List.of(new Difference("OBX[1]-5", "1", "2"), new Difference("MSH-6", "a", "b"), new Difference("OBX[1]-5", "3", "4")));
        assertThat(row.fields()).containsExactly("OBX[1]-5", "MSH-6");
        assertThat(new ReplayRow("i", 1, 0, "d", RowKind.SAME, null, Decision.SENT, null, Decision.SENT, null, 1, "kept output", null,
                List.of()).fields()).isEmpty();
    }

    /** The map the detail was written from before (ReplayJobs wrote it with Jackson). */
    private static Map<String, Object> asMap(ReplayRow row) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("receivedAt", java.time.Instant.ofEpochMilli(row.receivedAt()).toString());
        m.put("note", row.note());
        m.put("recorded", row.recorded() == null ? null : row.recorded().key());
        m.put("recordedReason", row.recordedReason());
        m.put("candidate", row.candidate() == null ? null : row.candidate().key());
        m.put("candidateReason", row.candidateReason());
        m.put("revision", row.revision());
        m.put("baseline", row.baseline());
        m.put("comparedBy", row.comparedBy());
        List<Map<String, Object>> differences = new ArrayList<>();
        for (Difference d : row.differences()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("path", d.path());
            x.put("before", d.before());
            x.put("after", d.after());
            differences.add(x);
        }
        m.put("differences", differences);
        return m;
    }
}
