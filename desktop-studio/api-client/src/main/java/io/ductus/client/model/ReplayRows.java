package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/** A page of a replay's rows that did not come out the same, in message order; {@code next} for the following page. */
@ApiSchema("ReplayRows")
public record ReplayRows(long replay, List<Row> rows, String next) {

    public ReplayRows {
        rows = rows == null ? List.of() : List.copyOf(rows);
    }

    /**
     * One message and destination: its kind, the paths that changed, the recorded and the candidate's decisions
     * with their reasons, what the baseline was, and the differences field by field.
     */
    @ApiSchema("ReplayRows/rows")
    public record Row(@JsonProperty("interface") String interfaceName, long messageId, String destination, String kind, List<String> fields,
                      Instant receivedAt, String note, String recorded, String recordedReason, String candidate, String candidateReason,
                      Integer revision, String baseline, String comparedBy, List<Difference> differences) {

        public Row {
            fields = fields == null ? List.of() : List.copyOf(fields);
            differences = differences == null ? List.of() : List.copyOf(differences);
        }
    }

    /** A changed value: the recorded (baseline) value and the candidate's. */
    @ApiSchema("ReplayRows/rows/differences")
    public record Difference(String path, String before, String after) {
    }
}
