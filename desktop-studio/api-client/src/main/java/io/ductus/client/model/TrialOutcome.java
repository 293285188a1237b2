package io.ductus.client.model;

/** What a worker would do with a message: the decision (sent, filtered, quarantined, retry), why, and the output. */
@ApiSchema("TrialOutcome")
public record TrialOutcome(String decision, String reason, boolean runaway, String output, String charset) {
}
