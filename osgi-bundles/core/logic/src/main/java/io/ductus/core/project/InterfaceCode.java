package io.ductus.core.project;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An interface's code as the script host found it when it loaded it: whether it has any, the functions it
 * exports, and what kept it from loading (a syntax error, an import that does not resolve), each with the
 * file and line.
 *
 * @param file      the module, relative to the project folder ({@code interfaces/adt/transform.js}), or empty
 *                  when the interface has no code
 * @param functions the names of the functions it exports (empty when it did not load)
 * @param problems  why it did not load; empty when it did
 */
public record InterfaceCode(Optional<String> file, Set<String> functions, List<Problem> problems) {

    /** An interface without transform.js. */
    public static final InterfaceCode NONE = new InterfaceCode(Optional.empty(), Set.of(), List.of());

    public InterfaceCode {
        Objects.requireNonNull(file, "file");
        functions = Set.copyOf(functions);
        problems = List.copyOf(problems);
    }

    /** The functions the code exports, or empty when the interface has no code. */
    public Optional<Set<String>> exported() {
        return file.map(f -> functions);
    }

    /** Loads interfaces' code for checking; the engine's script host does it (the core does no IO). */
    @FunctionalInterface
    public interface Loader {
        /** Code is not looked at (a check without the script host, such as the launcher's own). */
        Loader NOT_CHECKED = definition -> Optional.empty();

        /** The interface's code loaded, or empty when this check does not load code. */
        Optional<InterfaceCode> load(InterfaceDefinition definition);
    }
}
