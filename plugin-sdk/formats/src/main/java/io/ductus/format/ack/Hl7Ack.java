package io.ductus.format.ack;

import io.ductus.format.hl7.Delimiters;
import io.ductus.format.hl7.Hl7Escapes;
import io.ductus.format.hl7.Hl7Header;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.format.hl7.Hl7Segment;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * Builds and reads HL7 v2 acknowledgements. An ACK swaps the message's sending and receiving
 * application and facility, keeps its delimiters, version and processing id, and names its control id
 * in MSA-2. An AE or AR carries its whole reason, HL7-escaped, in MSA-3 and in an ERR segment (ERR-8 and
 * ERR-3 from v2.5 on, ERR-1 before): never cut, so the sender's administrator reads all of it.
 *
 * <p>The ACK is written as ISO-8859-1, which gives the header's fields back byte for byte (they were
 * read that way); a reason's characters beyond ISO-8859-1 become {@code ?}.
 */
public final class Hl7Ack {

    private static final DateTimeFormatter HL7_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss.SSSZ");
    private static final String STANDARD_HEADER = "MSH|^~\\&|||||||ACK||P|2.5";
    /** HL7 table 0357: the one error code these ACKs name. */
    private static final String INTERNAL_ERROR = "207";
    private static final String INTERNAL_ERROR_TEXT = "Application internal error";

    private Hl7Ack() {
    }

    /**
     * The ACK for a message whose header could be read.
     *
     * @param header    the message's MSH
     * @param code      AA after the message is stored, AE when storing failed, AR when it is refused
     * @param reason    the reason for AE and AR, written whole and escaped into MSA-3 and ERR; may be empty
     * @param controlId the ACK's own MSH-10 (see {@link AckControlIds})
     * @param now       the ACK's MSH-7
     */
    public static byte[] build(Hl7Header header, AckCode code, String reason, String controlId, ZonedDateTime now) {
        Delimiters d = header.delimiters();
        char fs = d.field();
        String trigger = header.component(9, 2).orElse("");
        String text = reason == null ? "" : reason.strip();
        String escaped = Hl7Escapes.encode(text, d);
        StringBuilder b = new StringBuilder(160 + 2 * escaped.length());
        b.append("MSH").append(fs).append(d.encodingCharacters())
                .append(fs).append(header.field(5).orElse(""))
                .append(fs).append(header.field(6).orElse(""))
                .append(fs).append(header.field(3).orElse(""))
                .append(fs).append(header.field(4).orElse(""))
                .append(fs).append(HL7_TIME.format(now))
                .append(fs)
                .append(fs).append("ACK").append(trigger.isEmpty() ? "" : d.component() + trigger)
                .append(fs).append(Hl7Escapes.encode(controlId, d))
                .append(fs).append(header.field(11).orElse("P"))
                .append(fs).append(header.field(12).orElse("2.5"))
                .append('\r');
        b.append("MSA").append(fs).append(code.name()).append(fs).append(header.controlId().orElse(""));
        if (!escaped.isEmpty()) b.append(fs).append(escaped);
        b.append('\r');
        if (code != AckCode.AA && !escaped.isEmpty()) appendErr(b, d, header.version().orElse("2.5"), escaped);
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** ERR as the message's version has it: ERR-3 (code), ERR-4 (severity) and ERR-8 (the reason) from v2.5; ERR-1 before. */
    private static void appendErr(StringBuilder b, Delimiters d, String version, String escapedReason) {
        char fs = d.field();
        char cs = d.component();
        b.append("ERR");
        if (atLeast25(version)) {
            b.append(fs).append(fs).append(fs).append(INTERNAL_ERROR).append(cs).append(INTERNAL_ERROR_TEXT).append(cs).append("HL70357")
                    .append(fs).append('E').append(fs).append(fs).append(fs).append(fs).append(escapedReason);
        } else { // ERR-1 (ELD): its fourth component is the code, with the reason as the code's text
            char ss = d.subcomponent();
            b.append(fs).append(cs).append(cs).append(cs).append(INTERNAL_ERROR).append(ss).append(escapedReason).append(ss).append("HL70357");
        }
        b.append('\r');
    }

    static boolean atLeast25(String version) {
        String[] parts = version.strip().split("\\.");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return major > 2 || (major == 2 && minor >= 5);
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** An AR for input whose header cannot be read at all: standard delimiters, the reason in MSA-3 and ERR. */
    public static byte[] rejectUnreadable(String reason, String controlId, ZonedDateTime now) {
        return rejectUnreadable(reason, "", controlId, now);
    }

    /**
     * An AR for input whose header cannot be read, naming the message's control id in MSA-2 when one could be
     * found ({@link Hl7Header#controlIdOf}): an ACK's MSA-2 is never empty when the message had a control id.
     *
     * @param messageControlId the refused message's MSH-10 as written, or empty
     */
    public static byte[] rejectUnreadable(String reason, String messageControlId, String controlId, ZonedDateTime now) {
        String id = messageControlId == null ? "" : messageControlId.replace("|", "").replace("\r", "").replace("\n", "");
        String header = STANDARD_HEADER.substring(0, STANDARD_HEADER.indexOf("ACK") + 3) + "|" + id + "|P|2.5";
        try {
            return build(Hl7Header.read(header.getBytes(StandardCharsets.ISO_8859_1)), AckCode.AR, reason, controlId, now);
        } catch (Hl7ParseException e) {
            throw new IllegalStateException("the standard header is HL7", e);
        }
    }

    /**
     * Reads an ACK a receiver sent back: its MSA-1 code, MSA-2 control id and MSA-3 text (escapes decoded).
     *
     * @throws Hl7ParseException when it is not HL7, has no MSA segment, or MSA-1 is not an acknowledgement code
     */
    public static Reply read(byte[] ack) throws Hl7ParseException {
        Hl7Message message = Hl7Message.parse(new String(ack, StandardCharsets.ISO_8859_1));
        List<Hl7Segment> msa = message.segments("MSA");
        if (msa.isEmpty()) throw new Hl7ParseException(1, "the acknowledgement has no MSA segment");
        String code = message.get("MSA-1");
        AckCode parsed = AckCode.of(code).orElseThrow(() -> new Hl7ParseException(message.segmentNames().indexOf("MSA") + 1,
                "MSA-1 is '" + code + "'; expected AA, AE, AR, CA, CE or CR"));
        String text = message.get("MSA-3");
        return new Reply(parsed, message.get("MSA-2"), text.isEmpty() ? Optional.empty() : Optional.of(text));
    }

    /** What a receiver answered. */
    public record Reply(AckCode code, String controlId, Optional<String> text) {
    }

    /** Time for MSH-7 in UTC, for callers holding an Instant. */
    public static ZonedDateTime utc(Instant instant) {
        return instant.atZone(ZoneOffset.UTC);
    }
}
