package io.ductus.sdk.hl7;

/**
 * MSA-1 acknowledgement codes, as {@link io.ductus.format.ack.AckCode} reads them. Kept for connectors
 * built against SDK 1.0 to 1.3; new code uses {@code io.ductus.format.ack.AckCode}.
 */
@Deprecated(since = "1.4")
public enum AckCode {
    /** Accepted: stored. */
    AA,
    /** Error: not stored this time, send it again. */
    AE,
    /** Rejected: will never be accepted as it is. */
    AR;

    /** Reads MSA-1, accepting enhanced-mode CA/CE/CR as AA/AE/AR. */
    public static AckCode parse(String code) {
        return io.ductus.format.ack.AckCode.of(code).map(c -> valueOf(c.name()))
                .orElseThrow(() -> new Hl7FormatException("MSA-1 is '" + code + "'; expected AA, AE, AR, CA, CE or CR"));
    }

    io.ductus.format.ack.AckCode format() {
        return io.ductus.format.ack.AckCode.valueOf(name());
    }
}
