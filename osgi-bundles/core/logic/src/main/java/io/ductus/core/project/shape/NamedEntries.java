package io.ductus.core.project.shape;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A mapping from names the user chooses (destinations, database connections) to entries of one shape.
 * Names are simple identifiers because they appear in paths, logs, metrics and the API.
 *
 * @param what       what one entry is, for messages ("destination")
 * @param entry      the shape of each entry
 * @param atLeastOne whether an empty mapping is refused
 */
public record NamedEntries(String what, Shape entry, boolean atLeastOne) implements Shape {

    /** Letters, digits, {@code _} and {@code -}, starting with a letter, at most 64 characters. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,63}");
    public static final String NAME_RULE = "a simple name: letters, digits, _ and -, starting with a letter, at most 64 characters";

    public NamedEntries {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(entry, "entry");
    }

    public static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    @Override
    public String expected() {
        return "a mapping from " + what + " names to " + what + " settings";
    }
}
