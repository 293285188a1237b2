package io.ductus.format.hl7;

import java.nio.charset.Charset;
import java.util.Objects;

/**
 * A received HL7 v2 message, read as far as it is needed and never twice: its header at once (a listener
 * answers with an ACK, or refuses what is not HL7, from it alone), the whole message on first use (the
 * intake reads its keys), with the charset chosen as {@link Hl7Charsets#decode} chooses it. A source hands
 * it to the intake with the bytes it was read from, so the intake goes on where the listener stopped.
 *
 * <p>Made on one thread and used on another only after a hand-over that orders the two (a future, an
 * executor); not for use by several threads at once.
 */
public final class Hl7Input {

    private final byte[] bytes;
    private final Hl7Header header;
    private Charset readWith; // the source's setting the message was read with (null: none)
    private Hl7Charsets.Decoded decoded;
    private Hl7Message message;
    private Hl7ParseException failure;

    private Hl7Input(byte[] bytes, Hl7Header header) {
        this.bytes = bytes;
        this.header = header;
    }

    /**
     * Reads the header of a message; the rest waits for {@link #message}.
     *
     * @throws Hl7ParseException when there is no usable MSH (the input is not HL7)
     */
    public static Hl7Input read(byte[] bytes) throws Hl7ParseException {
        Objects.requireNonNull(bytes, "bytes");
        return new Hl7Input(bytes, Hl7Header.read(bytes));
    }

    /** The bytes as received. */
    public byte[] bytes() {
        return bytes;
    }

    /** The MSH as read from the bytes (ISO-8859-1, so its fields copy into an ACK byte for byte). */
    public Hl7Header header() {
        return header;
    }

    /**
     * The whole message, read on first use with the charset {@link Hl7Charsets#decode} chooses for the
     * source's setting; again only if asked with another setting.
     *
     * @param sourceCharset the source's {@code charset:} setting, or null
     * @throws Hl7ParseException when a segment after the header is not HL7 (the same each time asked)
     */
    public Hl7Message message(Charset sourceCharset) throws Hl7ParseException {
        read(sourceCharset);
        if (failure != null) throw failure;
        return message;
    }

    /** The charset the whole message is (or would be) read with for the source's setting. */
    public Charset charset(Charset sourceCharset) {
        decode(sourceCharset);
        return decoded.charset();
    }

    private void read(Charset sourceCharset) {
        decode(sourceCharset);
        if (message != null || failure != null) return;
        try {
            message = Hl7Message.parse(decoded.text());
        } catch (Hl7ParseException e) {
            failure = e;
        }
    }

    private void decode(Charset sourceCharset) {
        if (decoded != null && Objects.equals(readWith, sourceCharset)) return;
        readWith = sourceCharset;
        decoded = Hl7Charsets.decode(bytes, sourceCharset);
        message = null;
        failure = null;
    }
}
