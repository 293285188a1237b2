package io.ductus.studio.hl7;

/**
 * Reads a payload into the tree of positions the studio shows. This is the seam to the HL7 parser: today
 * {@link CoreHl7TreeReader} over the core's {@code io.ductus.core.hl7}; when the formats module
 * ({@code ductus-formats}) lands, one adapter over its parser replaces it and nothing else changes.
 */
public interface Hl7TreeReader {

    /** The message's tree and its separators, or the reason it is not HL7 v2 (naming the segment). */
    Hl7Tree read(String text) throws Hl7ReadException;

    /** A message read: its tree and the separators its MSH declares (for highlighting the raw text). */
    record Hl7Tree(Hl7Node root, char field, char component, char repetition, char escape, char subcomponent) {
    }

    /** The payload is not HL7 v2; the message says where and why. */
    final class Hl7ReadException extends Exception {
        private static final long serialVersionUID = 1L;

        public Hl7ReadException(String message) {
            super(message);
        }
    }
}
