package io.ductus.sdk.hl7;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Builds and reads HL7 v2 acknowledgements. An ACK swaps the message's sending and receiving
 * application and facility, keeps its delimiters, version and processing id, and names its control id
 * in MSA-2.
 */
public final class Hl7Ack {

    private static final DateTimeFormatter HL7_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss.SSSZ");

    private Hl7Ack() {
    }

    /**
     * The ACK for a message whose header could be read.
     *
     * @param header    the message's MSH
     * @param code      AA after the message is stored, AE when storing failed, AR when it is refused
     * @param text      MSA-3, the reason for AE and AR (delimiters in it are replaced by spaces); may be empty
     * @param controlId the ACK's own MSH-10
     * @param now       the ACK's MSH-7
     */
    public static byte[] build(Hl7Header header, AckCode code, String text, String controlId, ZonedDateTime now) {
        char fs = header.fieldSeparator();
        String enc = header.encodingCharacters();
        String trigger = header.component(9, 2).orElse("");
        StringBuilder b = new StringBuilder(160);
        b.append("MSH").append(fs).append(enc)
                .append(fs).append(header.field(5).orElse(""))
                .append(fs).append(header.field(6).orElse(""))
                .append(fs).append(header.field(3).orElse(""))
                .append(fs).append(header.field(4).orElse(""))
                .append(fs).append(HL7_TIME.format(now))
                .append(fs)
                .append(fs).append("ACK").append(trigger.isEmpty() ? "" : header.componentSeparator() + trigger)
                .append(fs).append(clean(controlId, fs, enc))
                .append(fs).append(header.field(11).orElse("P"))
                .append(fs).append(header.field(12).orElse("2.5"))
                .append('\r');
        b.append("MSA").append(fs).append(code.name()).append(fs).append(header.controlId().orElse(""));
        String reason = clean(text, fs, enc);
        if (!reason.isEmpty()) b.append(fs).append(reason);
        b.append('\r');
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** An AR for input whose header cannot be read at all: standard delimiters, the reason in MSA-3. */
    public static byte[] rejectUnreadable(String reason, String controlId, ZonedDateTime now) {
        Hl7Header generic = Hl7Header.read(("MSH|^~\\&|||||||ACK||P|2.5\r").getBytes(StandardCharsets.ISO_8859_1));
        return build(generic, AckCode.AR, reason, controlId, now);
    }

    /** Reads an ACK a receiver sent back: its MSA-1 code and MSA-3 text. */
    public static Reply read(byte[] ack) {
        Hl7Header header = Hl7Header.read(ack);
        String text = new String(ack, StandardCharsets.ISO_8859_1);
        String fs = String.valueOf(header.fieldSeparator());
        for (String segment : text.split("[\r\n]+")) {
            if (segment.startsWith("MSA" + fs)) {
                String[] f = segment.split(java.util.regex.Pattern.quote(fs), -1);
                AckCode code = AckCode.parse(f.length > 1 ? f[1] : "");
                String controlId = f.length > 2 ? f[2] : "";
                String reason = f.length > 3 ? f[3] : "";
                return new Reply(code, controlId, reason.isEmpty() ? Optional.empty() : Optional.of(reason));
            }
        }
        throw new Hl7FormatException("the acknowledgement has no MSA segment");
    }

    /** What a receiver answered. */
    public record Reply(AckCode code, String controlId, Optional<String> text) {
    }

    /** Time for MSH-7 in UTC, for callers holding an Instant. */
    public static ZonedDateTime utc(java.time.Instant instant) {
        return instant.atZone(ZoneOffset.UTC);
    }

    private static String clean(String value, char fs, String enc) {
        if (value == null) return "";
        StringBuilder b = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            b.append(c == fs || enc.indexOf(c) >= 0 || c == '\r' || c == '\n' ? ' ' : c);
        }
        return b.toString().strip();
    }
}
