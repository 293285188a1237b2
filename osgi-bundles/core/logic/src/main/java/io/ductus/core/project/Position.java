package io.ductus.core.project;

/** Where something was written in a file: 1-based line and column, as editors show them. */
public record Position(int line, int column) implements Comparable<Position> {

    /** The start of a file, for problems with a file as a whole. */
    public static final Position START = new Position(1, 1);

    public Position {
        if (line < 1 || column < 1) throw new IllegalArgumentException("line and column start at 1, got " + line + ":" + column);
    }

    @Override
    public int compareTo(Position other) {
        return line != other.line ? Integer.compare(line, other.line) : Integer.compare(column, other.column);
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
