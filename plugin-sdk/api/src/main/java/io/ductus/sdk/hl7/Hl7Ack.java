package io.ductus.sdk.hl7;

import io.ductus.format.hl7.Hl7ParseException;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * Builds and reads HL7 v2 acknowledgements through {@link io.ductus.format.ack.Hl7Ack}. Kept for
 * connectors built against SDK 1.0 to 1.3; new code uses {@code io.ductus.format.ack}.
 */
@Deprecated(since = "1.4")
public final class Hl7Ack {

    private Hl7Ack() {
    }

    /** The ACK for a message whose header could be read; the reason goes whole and escaped into MSA-3 and ERR. */
    public static byte[] build(Hl7Header header, AckCode code, String text, String controlId, ZonedDateTime now) {
        return io.ductus.format.ack.Hl7Ack.build(header.header(), code.format(), text, controlId, now);
    }

    /** An AR for input whose header cannot be read at all: standard delimiters, the reason in MSA-3. */
    public static byte[] rejectUnreadable(String reason, String controlId, ZonedDateTime now) {
        return io.ductus.format.ack.Hl7Ack.rejectUnreadable(reason, controlId, now);
    }

    /** Reads an ACK a receiver sent back: its MSA-1 code and MSA-3 text. */
    public static Reply read(byte[] ack) {
        try {
            io.ductus.format.ack.Hl7Ack.Reply reply = io.ductus.format.ack.Hl7Ack.read(ack);
            return new Reply(AckCode.valueOf(reply.code().name()), reply.controlId(), reply.text());
        } catch (Hl7ParseException e) {
            throw new Hl7FormatException(e.problem());
        }
    }

    /** What a receiver answered. */
    public record Reply(AckCode code, String controlId, Optional<String> text) {
    }

    /** Time for MSH-7 in UTC, for callers holding an Instant. */
    public static ZonedDateTime utc(java.time.Instant instant) {
        return instant.atZone(ZoneOffset.UTC);
    }
}
