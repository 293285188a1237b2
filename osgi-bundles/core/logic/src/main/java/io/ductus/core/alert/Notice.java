package io.ductus.core.alert;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A notification to make: what happened to which target, for which channels. The runtime puts one row per
 * channel in the outbox, due when {@link NoticeTiming} says.
 */
public record Notice(Kind kind, String target, Severity severity, String state, String reason, List<String> channels) {

    public enum Kind {
        FIRED, ESCALATED, REMINDER, RECOVERED, TEST;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Notice {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(severity, "severity");
        channels = List.copyOf(channels);
    }
}
