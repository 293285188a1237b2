package io.ductus.sdk.hl7;

import io.ductus.format.hl7.Hl7ParseException;
import java.util.Optional;

/**
 * The MSH segment of an HL7 v2 message: its delimiters and fields, read by
 * {@link io.ductus.format.hl7.Hl7Header}, the one MSH reader. Kept for connectors built against SDK 1.0
 * to 1.3; new code uses {@code io.ductus.format.hl7.Hl7Header}.
 */
@Deprecated(since = "1.4")
public final class Hl7Header {

    private final io.ductus.format.hl7.Hl7Header header;

    private Hl7Header(io.ductus.format.hl7.Hl7Header header) {
        this.header = header;
    }

    /** Reads the MSH at the start of the message; {@link Hl7FormatException} says what is wrong when there is none. */
    public static Hl7Header read(byte[] message) {
        try {
            return new Hl7Header(io.ductus.format.hl7.Hl7Header.read(message));
        } catch (Hl7ParseException e) {
            throw new Hl7FormatException(e.problem());
        }
    }

    /** The formats module's header this one reads through. */
    io.ductus.format.hl7.Hl7Header header() {
        return header;
    }

    public char fieldSeparator() {
        return header.fieldSeparator();
    }

    /** MSH-2: component, repetition, escape and subcomponent characters (and truncation in v2.7+). */
    public String encodingCharacters() {
        return header.encodingCharacters();
    }

    public char componentSeparator() {
        return header.componentSeparator();
    }

    /** MSH-n as written (with its components), or empty when the message has no such field or it is empty. */
    public Optional<String> field(int n) {
        return header.field(n);
    }

    /** Component c (from 1) of MSH-n, or empty. */
    public Optional<String> component(int n, int c) {
        return header.component(n, c);
    }

    /** MSH-10, the sender's message control id. */
    public Optional<String> controlId() {
        return header.controlId();
    }

    /** MSH-12, the version (its first component). */
    public Optional<String> version() {
        return header.version();
    }
}
