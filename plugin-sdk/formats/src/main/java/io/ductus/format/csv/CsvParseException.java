package io.ductus.format.csv;

/**
 * The text is not CSV this reader can read. The message names the line (counting from 1) and, where it
 * helps, the column, in words for the sender's administrator.
 */
public final class CsvParseException extends Exception {

    private final int line;
    private final int column;

    /** @param column the character in the line, counting from 1; 0 when the problem is the whole line */
    public CsvParseException(int line, int column, String problem) {
        super("line " + line + (column > 0 ? ", column " + column : "") + ": " + problem);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    /** The character in the line, counting from 1; 0 when the problem is the whole line. */
    public int column() {
        return column;
    }
}
