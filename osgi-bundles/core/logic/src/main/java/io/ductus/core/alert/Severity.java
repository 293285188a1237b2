package io.ductus.core.alert;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How urgent an alert is, least first. */
public enum Severity {
    INFO, WARNING, CRITICAL;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Severity> fromLabel(String label) {
        return Arrays.stream(values()).filter(s -> s.label().equals(label)).findFirst();
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(Severity::label).toList();
    }

    /** The next one up ({@code critical} stays). */
    public Severity higher() {
        return this == CRITICAL ? CRITICAL : values()[ordinal() + 1];
    }

    public static Severity max(Severity a, Severity b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }
}
