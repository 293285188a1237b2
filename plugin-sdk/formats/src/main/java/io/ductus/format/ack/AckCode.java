package io.ductus.format.ack;

import java.util.Optional;

/** MSA-1 acknowledgement codes (original mode; the enhanced-mode C* codes map onto the same meaning). */
public enum AckCode {
    /** Accepted: stored. */
    AA,
    /** Error: not stored this time, send it again. */
    AE,
    /** Rejected: will never be accepted as it is. */
    AR;

    /** Reads MSA-1, accepting enhanced-mode CA/CE/CR as AA/AE/AR; empty for anything else. */
    public static Optional<AckCode> of(String code) {
        return switch (code == null ? "" : code.strip()) {
            case "AA", "CA" -> Optional.of(AA);
            case "AE", "CE" -> Optional.of(AE);
            case "AR", "CR" -> Optional.of(AR);
            default -> Optional.empty();
        };
    }
}
