package io.ductus.client.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A replay: where it is (running, done, cancelled, failed), who started it and when, what was asked, and its summary. */
@ApiSchema("Replay")
public record Replay(long id, String status, String createdBy, Instant createdAt, Instant finishedAt, Map<String, Object> request,
                     Summary summary) {

    public Replay {
        request = request == null ? Map.of() : request;
        summary = summary == null ? Summary.EMPTY : summary;
    }

    public boolean running() {
        return "running".equals(status);
    }

    /**
     * Counts, never content: messages replayed of the period's total, rows (messages × destinations) per kind
     * (same, changed, decision_changed, error, not_comparable, drift), the fields that changed most, rates.
     */
    @ApiSchema("Replay/summary")
    public record Summary(long messages, long total, long rows, Map<String, Long> kinds, List<TopField> topFields, double seconds,
                          long messagesPerSecond, long rowsPerSecond, long transforms, double transformSeconds, long transformsPerSecond,
                          String status, String reason) {

        static final Summary EMPTY = new Summary(0, 0, 0, null, null, 0, 0, 0, 0, 0, 0, null, null);

        public Summary {
            kinds = kinds == null ? Map.of() : Map.copyOf(kinds);
            topFields = topFields == null ? List.of() : List.copyOf(topFields);
        }

        /** Rows of this kind so far (0 when none). */
        public long kind(String kind) {
            return kinds.getOrDefault(kind, 0L);
        }
    }

    /** A path and in how many rows it changed. */
    @ApiSchema("Replay/summary/topFields")
    public record TopField(String field, long rows) {
    }
}
