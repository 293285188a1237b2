package io.ductus.engine.replay;

import io.ductus.core.compare.Difference;
import io.ductus.core.replay.Decision;
import io.ductus.core.replay.RowKind;
import java.util.List;

/**
 * One message and destination of a replay, as reported.
 *
 * @param baseline   what the candidate was compared with: "kept output", "revision N run again", or "decision"
 * @param comparedBy how the outputs were compared (hl7, json, xml, text), null when they were not
 */
public record ReplayRow(String interfaceName, long messageId, long receivedAt, String destination, RowKind kind, String note,
                        Decision recorded, String recordedReason, Decision candidate, String candidateReason, Integer revision,
                        String baseline, String comparedBy, List<Difference> differences) {

    public ReplayRow {
        differences = List.copyOf(differences);
    }

    /** The changed paths, each once, in order. */
    public List<String> fields() {
        if (differences.size() == 1) return List.of(differences.getFirst().path()); // the usual case, without a set
        java.util.Set<String> paths = new java.util.LinkedHashSet<>();
        for (Difference d : differences) paths.add(d.path());
        return List.copyOf(paths);
    }
}
