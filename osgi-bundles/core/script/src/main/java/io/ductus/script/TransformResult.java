package io.ductus.script;

import java.nio.charset.Charset;

/** What a transform decided for one message and destination. */
public sealed interface TransformResult {

    /** Deliver these bytes. */
    record Output(byte[] payload, Charset charset) implements TransformResult {
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
