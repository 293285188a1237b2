package io.ductus.core.alert;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The rule that applies to one target in one state, with its recipients resolved (the owner named).
 *
 * @param recipients channel names, and {@code owner:ADDRESS} for the owner's mail
 * @param hold     how long the state must last before anyone is told
 * @param remind   how often to remind while nobody acknowledged, if at all
 * @param escalate whom to tell, and at which severity, once it lasted a while unacknowledged, if at all
 */
public record Policy(String rule, Severity severity, List<String> recipients, Duration hold, Optional<Duration> remind,
                     Optional<Escalation> escalate) {

    public Policy {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(severity, "severity");
        recipients = List.copyOf(recipients);
        Objects.requireNonNull(hold, "hold");
        Objects.requireNonNull(remind, "remind");
        Objects.requireNonNull(escalate, "escalate");
    }

    /** The same policy with another hold. */
    public Policy withHold(Duration newHold) {
        return new Policy(rule, severity, recipients, newHold, remind, escalate);
    }

    /** After {@code after} firing unacknowledged, {@code recipients} hear of it at {@code severity}. */
    public record Escalation(Duration after, Severity severity, List<String> recipients) {
        public Escalation {
            Objects.requireNonNull(after, "after");
            Objects.requireNonNull(severity, "severity");
            recipients = List.copyOf(recipients);
        }
    }
}
