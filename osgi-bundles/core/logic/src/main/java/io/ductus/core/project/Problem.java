package io.ductus.core.project;

import java.util.Comparator;
import java.util.Objects;

/**
 * One thing wrong in a project file: {@code interfaces/adt/interface.yaml:12:5: destinations.lab.retry.max_attempts: …}.
 *
 * @param file     the file, relative to the project folder, with {@code /} separators
 * @param position where in the file
 * @param field    the dotted key path ({@code ordering.partitions}), empty for the file as a whole
 * @param message  what is wrong and what was expected
 */
public record Problem(String file, Position position, String field, String message) implements Comparable<Problem> {

    private static final Comparator<Problem> ORDER = Comparator.comparing(Problem::file)
            .thenComparing(Problem::position).thenComparing(Problem::field).thenComparing(Problem::message);

    public Problem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(position, "position");
        field = Objects.requireNonNullElse(field, "");
        Objects.requireNonNull(message, "message");
    }

    public int line() {
        return position.line();
    }

    public int column() {
        return position.column();
    }

    @Override
    public int compareTo(Problem other) {
        return ORDER.compare(this, other);
    }

    /** The shape {@code ductus validate} prints: {@code path:line:col: field: message}. */
    @Override
    public String toString() {
        return file + ":" + position + ": " + (field.isEmpty() ? "" : field + ": ") + message;
    }
}
