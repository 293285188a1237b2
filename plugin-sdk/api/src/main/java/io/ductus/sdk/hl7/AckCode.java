package io.ductus.sdk.hl7;

/** MSA-1 acknowledgement codes (original mode; the enhanced-mode C* codes map onto the same meaning). */
public enum AckCode {
    /** Accepted: stored. */
    AA,
    /** Error: not stored this time, send it again. */
    AE,
    /** Rejected: will never be accepted as it is. */
    AR;

    /** Reads MSA-1, accepting enhanced-mode CA/CE/CR as AA/AE/AR. */
    public static AckCode parse(String code) {
        return switch (code == null ? "" : code.strip()) {
            case "AA", "CA" -> AA;
            case "AE", "CE" -> AE;
            case "AR", "CR" -> AR;
            default -> throw new Hl7FormatException("MSA-1 is '" + code + "'; expected AA, AE, AR, CA, CE or CR");
        };
    }
}
