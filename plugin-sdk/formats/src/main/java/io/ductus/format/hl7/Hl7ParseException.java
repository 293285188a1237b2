package io.ductus.format.hl7;

/**
 * The input is not an HL7 v2 message this parser can read. The message names the segment (counting
 * from 1) and what is wrong, in words for the sender's administrator.
 */
public final class Hl7ParseException extends Exception {

    private final int segment;
    private final String problem;

    public Hl7ParseException(int segment, String problem) {
        super("segment " + segment + ": " + problem);
        this.segment = segment;
        this.problem = problem;
    }

    /** What is wrong, without the segment number. */
    public String problem() {
        return problem;
    }

    /** The segment where the problem is, counting from 1. */
    public int segment() {
        return segment;
    }
}
