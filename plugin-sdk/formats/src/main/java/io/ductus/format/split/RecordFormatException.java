package io.ductus.format.split;

/** The input cannot be split: the message names the line and what is wrong there. */
public class RecordFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final long line;
    private final String problem;

    public RecordFormatException(long line, String problem) {
        super("line " + line + ": " + problem);
        this.line = line;
        this.problem = problem;
    }

    /** What is wrong, without the line number. */
    public String problem() {
        return problem;
    }

    /** The line the problem is on, from 1. */
    public long line() {
        return line;
    }
}
