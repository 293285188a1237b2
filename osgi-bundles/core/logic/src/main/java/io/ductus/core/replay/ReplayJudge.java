package io.ductus.core.replay;

import io.ductus.core.compare.Difference;
import java.util.List;
import java.util.Objects;

/**
 * What a replayed message and destination comes to (docs/replay.md, "the kinds"). The baseline is the
 * record: its decision, and its output where the destination kept it; where it did not, the revision that
 * made the recorded decision is run again and its output stands in, so that run must agree with the record
 * first (else drift). Then the candidate: an error of its code, another decision, or the same decision and
 * (when both deliver) the outputs' differences outside the ignored paths.
 */
public final class ReplayJudge {

    /** The kind, and a sentence saying why when the kind alone does not. */
    public record Verdict(RowKind kind, String note, List<Difference> differences) {
        public Verdict {
            differences = List.copyOf(differences);
        }
    }

    private ReplayJudge() {
    }

    /**
     * @param recorded    what the record says
     * @param rerun       the recorded revision run again (null when the kept output is the baseline)
     * @param candidate   what the candidate does
     * @param differences between the baseline's output and the candidate's, when both deliver (else ignored)
     * @param baseline    whether there is a baseline output to compare with when both deliver
     */
    public static Verdict judge(Side recorded, Side rerun, Side candidate, List<Difference> differences, boolean baseline,
                                IgnoredPaths ignored) {
        if (candidate.refused()) {
            return new Verdict(RowKind.NOT_COMPARABLE, "the candidate tried to write (" + candidate.reason() + "); nothing was written", List.of());
        }
        if (rerun != null && rerun.refused()) {
            return new Verdict(RowKind.NOT_COMPARABLE, "the recorded revision tried to write when run again (" + rerun.reason()
                    + "); nothing was written", List.of());
        }
        if (recorded.decision() == Decision.PENDING) {
            return new Verdict(RowKind.NOT_COMPARABLE, "no outcome on record yet (still pending)", List.of());
        }
        if (rerun != null && rerun.decision() == Decision.RETRY) {
            return new Verdict(RowKind.NOT_COMPARABLE, "the recorded revision would be retried when run again: " + rerun.reason(), List.of());
        }
        if (rerun != null && rerun.decision() != recorded.decision()) {
            return new Verdict(RowKind.DRIFT, "recorded " + shown(recorded) + ", the recorded revision now: " + shown(rerun), List.of());
        }
        if (candidate.decision() == Decision.RETRY) {
            return new Verdict(RowKind.NOT_COMPARABLE, "the candidate would be retried: " + candidate.reason(), List.of());
        }
        if (candidate.error() && !(recorded.decision() == Decision.QUARANTINED && Objects.equals(recorded.reason(), candidate.reason()))) {
            return new Verdict(RowKind.ERROR, candidate.reason(), List.of());
        }
        if (candidate.decision() != recorded.decision()) {
            return new Verdict(RowKind.DECISION_CHANGED, shown(recorded) + " → " + shown(candidate), List.of());
        }
        if (candidate.decision() != Decision.SENT) return new Verdict(RowKind.SAME, null, List.of());
        if (!baseline) {
            return new Verdict(RowKind.NOT_COMPARABLE, "no output was kept and the revision that decided it is not on record", List.of());
        }
        List<Difference> left = ignored.without(differences);
        return left.isEmpty() ? new Verdict(RowKind.SAME, null, List.of()) : new Verdict(RowKind.CHANGED, null, left);
    }

    private static String shown(Side side) {
        return side.reason() == null || side.reason().isEmpty() ? side.decision().key() : side.decision().key() + " (" + side.reason() + ")";
    }
}
