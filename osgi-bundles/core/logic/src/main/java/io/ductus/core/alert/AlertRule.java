package io.ductus.core.alert;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One rule of {@code alerts.rules}: which states of which interfaces it covers, how severe they are, whom
 * to tell, and how to shape it.
 *
 * @param states     the state labels it covers ({@code stalled}, {@code error}, …)
 * @param interfaces name patterns ({@code adt-*}); empty covers every interface and the engine itself
 * @param recipients channel names; {@code owner} stands for the interface's owner's address
 */
public record AlertRule(String name, Set<String> states, List<String> interfaces, Severity severity, List<String> recipients,
                        Duration hold, Optional<Duration> remind, Optional<Policy.Escalation> escalate) {

    /** The recipient that stands for the interface's owner. */
    public static final String OWNER = "owner";

    public AlertRule {
        Objects.requireNonNull(name, "name");
        states = Set.copyOf(states);
        interfaces = List.copyOf(interfaces);
        Objects.requireNonNull(severity, "severity");
        recipients = List.copyOf(recipients);
        Objects.requireNonNull(hold, "hold");
        Objects.requireNonNull(remind, "remind");
        Objects.requireNonNull(escalate, "escalate");
    }

    public boolean covers(Observation o) {
        if (!states.contains(o.state())) return false;
        if (interfaces.isEmpty()) return true;
        return o.interfaceName() != null && interfaces.stream().anyMatch(p -> glob(p).matcher(o.interfaceName()).matches());
    }

    /** {@code *} any run of characters, {@code ?} one; everything else literally. */
    static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            if (c == '*') regex.append(".*");
            else if (c == '?') regex.append('.');
            else regex.append(Pattern.quote(String.valueOf(c)));
        }
        return Pattern.compile(regex.toString());
    }

    /** The rule as it applies to one observation: {@code owner} replaced by the owner's address (left out without one). */
    public Policy policyFor(Observation o) {
        return new Policy(name, severity, recipients(recipients, o.owner()), hold, remind,
                escalate.map(e -> new Policy.Escalation(e.after(), e.severity(), recipients(e.recipients(), o.owner()))));
    }

    private static List<String> recipients(List<String> names, String owner) {
        return names.stream().flatMap(n -> !n.equals(OWNER) ? java.util.stream.Stream.of(n)
                : owner != null && Addresses.valid(owner) ? java.util.stream.Stream.of(Channel.OWNER_PREFIX + owner)
                : java.util.stream.Stream.empty()).distinct().toList();
    }
}
