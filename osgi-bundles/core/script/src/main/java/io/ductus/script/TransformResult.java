package io.ductus.script;

import io.ductus.format.hl7.Hl7Message;
import java.nio.charset.Charset;

/** What a transform decided for one message and destination. */
public sealed interface TransformResult {

    /**
     * Deliver these bytes.
     *
     * @param message the HL7 message the payload was encoded from when the code returned its {@code msg}
     *                (null otherwise): the code's own object, which a later call in the same context could
     *                still change, so a caller that keeps it takes a {@link Hl7Message#copy()} first
     */
    record Output(byte[] payload, Charset charset, Hl7Message message) implements TransformResult {
        public Output(byte[] payload, Charset charset) {
            this(payload, charset, null);
        }
    }

    /** Deliberately not delivered: the transform returned null or called {@code filter(reason)}. */
    record Filtered(String reason) implements TransformResult {
    }

    /**
     * Set aside for an operator: {@code quarantine(reason)}, a thrown error, or a message its format cannot
     * read; names the user's file and line.
     *
     * @param thrown the code threw (an error, not a decision it made): a replay reports it as an error of the code
     */
    record Quarantined(String reason, boolean thrown) implements TransformResult {
        public Quarantined(String reason) {
            this(reason, false);
        }
    }

    /** The code ran past its timeout and was stopped: quarantined, and counted against the interface. */
    record Runaway(String reason) implements TransformResult {
    }

    /** Try again later: {@code transient(reason)} (for example a lookup service that is down). */
    record Transient(String reason) implements TransformResult {
    }
}
