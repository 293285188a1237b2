package io.ductus.studio.design;

import io.ductus.client.model.TrialResult;

/**
 * One line of the trial's table: a sample and a destination, what the draft decides, what the deployed
 * revision decided when it differs, and how many fields of the output differ from the deployed one's.
 */
public record TrialRow(String sample, TrialResult.DestinationResult result) {

    public String destination() {
        return result.destination();
    }

    /** "sent", "filtered: reason", "quarantined: reason", with the ran-away note. */
    public String decision() {
        return describe(result.decision(), result.reason()) + (result.runaway() ? " (ran past its timeout)" : "");
    }

    /** The deployed revision's decision when it is another, else empty. */
    public String deployedDecision() {
        return result.deployed() == null || !result.decisionChanged() ? "" : describe(result.deployed().decision(), result.deployed().reason());
    }

    /** "same as deployed", "3 fields differ from deployed", "changed decision", or against the input. */
    public String change() {
        if (result.decisionChanged()) return "decision changed";
        int n = result.differences().size();
        String against = "deployed".equals(result.comparedWith()) ? "deployed" : "the input";
        if (n == 0) return "same as " + against;
        return n + (n == 1 ? " field differs from " : " fields differ from ") + against;
    }

    private static String describe(String decision, String reason) {
        return reason == null || reason.isBlank() ? decision : decision + ": " + reason;
    }
}
