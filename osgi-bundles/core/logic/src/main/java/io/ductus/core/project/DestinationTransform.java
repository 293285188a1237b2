package io.ductus.core.project;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a destination runs on each message, as its {@code transform:} says: a function it names, nothing
 * ({@code transform: none}), or, without the key, the one rule every part of the engine follows: the
 * code's {@code transform} when the code exports one, else the payload passes unchanged, byte for byte.
 *
 * @param function the function named, or null for {@link #DEFAULT} and {@link #NONE}
 */
public record DestinationTransform(Kind kind, String function) {

    /** The word that says "no transform" in interface.yaml. */
    public static final String NONE_WORD = "none";
    /** The function a destination without {@code transform:} runs when the code exports it. */
    public static final String DEFAULT_FUNCTION = "transform";

    /** How the destination's transform was given. */
    public enum Kind {
        /** {@code transform: NAME}: that function, which the code must export. */
        NAMED,
        /** No {@code transform:}: the code's {@code transform} if it exports one, else pass through. */
        DEFAULT,
        /** {@code transform: none}: always pass through, whatever the code exports. */
        NONE
    }

    public static final DestinationTransform DEFAULT = new DestinationTransform(Kind.DEFAULT, null);
    public static final DestinationTransform NONE = new DestinationTransform(Kind.NONE, null);

    public DestinationTransform {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.NAMED) != (function != null)) {
            throw new IllegalArgumentException("a named transform has a function, the others none: " + kind + " " + function);
        }
    }

    /** What {@code transform:} says: {@code none}, or the name of a function. */
    public static DestinationTransform of(String written) {
        return written.equals(NONE_WORD) ? NONE : new DestinationTransform(Kind.NAMED, written);
    }

    /**
     * The function to run on each message, or empty when the payload passes unchanged.
     *
     * @param exported the names the interface's code exports, or empty when the interface has no code
     */
    public Optional<String> toRun(Optional<Set<String>> exported) {
        return switch (kind) {
            case NAMED -> Optional.of(function);
            case NONE -> Optional.empty();
            case DEFAULT -> exported.filter(names -> names.contains(DEFAULT_FUNCTION)).map(names -> DEFAULT_FUNCTION);
        };
    }

    /**
     * What is wrong with this choice for code that exports these names (empty: nothing): a function named
     * that the code does not export, or a name given to an interface without code.
     */
    public Optional<String> problem(Optional<Set<String>> exported) {
        if (kind != Kind.NAMED) return Optional.empty();
        if (exported.isEmpty()) {
            return Optional.of("names the function '" + function + "' but the interface has no transform.js"
                    + " (write transform: none, or leave it out, to deliver the payload unchanged)");
        }
        if (exported.get().contains(function)) return Optional.empty();
        return Optional.of("transform.js exports no function '" + function + "' ("
                + (exported.get().isEmpty() ? "it exports nothing" : "it exports " + String.join(", ", exported.get().stream().sorted().toList()))
                + ")");
    }

    /** As written in interface.yaml; the default is shown as the rule it follows. */
    @Override
    public String toString() {
        return switch (kind) {
            case NAMED -> function;
            case NONE -> NONE_WORD;
            case DEFAULT -> "(default: transform if exported, else unchanged)";
        };
    }
}
