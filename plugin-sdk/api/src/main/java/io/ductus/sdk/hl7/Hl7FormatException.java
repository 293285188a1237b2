package io.ductus.sdk.hl7;

/** The input is not an HL7 v2 message a receiver can acknowledge; the message says what is wrong. */
public class Hl7FormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public Hl7FormatException(String message) {
        super(message);
    }
}
