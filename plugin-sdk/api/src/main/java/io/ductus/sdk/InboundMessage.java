package io.ductus.sdk;

import io.ductus.format.hl7.Hl7Input;
import java.nio.charset.Charset;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A message as a source received it: its exact bytes, their charset when the source knows it, and where
 * it came from. The intake takes ownership of the byte array: do not change it after submitting.
 */
public final class InboundMessage {

    private final byte[] payload;
    private final Charset charset;
    private final Map<String, String> origin;
    private final Hl7Input hl7;

    private InboundMessage(byte[] payload, Charset charset, Map<String, String> origin, Hl7Input hl7) {
        this.payload = Objects.requireNonNull(payload, "payload");
        this.charset = charset;
        this.origin = Map.copyOf(origin);
        this.hl7 = hl7;
    }

    /** A message with no known charset and no origin details. */
    public static InboundMessage of(byte[] payload) {
        return new InboundMessage(payload, null, Map.of(), null);
    }

    /**
     * A message of HL7 v2 whose header the source has read already (a listener answering with an ACK): the
     * intake goes on reading it from there instead of parsing it again.
     *
     * @since 1.4
     */
    public static InboundMessage of(Hl7Input hl7) {
        return new InboundMessage(hl7.bytes(), null, Map.of(), hl7);
    }

    /** The same message with its charset (for example from the source's {@code charset:} setting). */
    public InboundMessage withCharset(Charset charset) {
        return new InboundMessage(payload, Objects.requireNonNull(charset, "charset"), origin, hl7);
    }

    /** The same message with origin details (for example {@code remote=10.1.2.3:51234}), kept with it for audit. */
    public InboundMessage withOrigin(Map<String, String> origin) {
        return new InboundMessage(payload, charset, Objects.requireNonNull(origin, "origin"), hl7);
    }

    public byte[] payload() {
        return payload;
    }

    public Optional<Charset> charset() {
        return Optional.ofNullable(charset);
    }

    public Map<String, String> origin() {
        return origin;
    }

    /**
     * The HL7 message as the source read it, when it did ({@link #of(Hl7Input)}); the intake reads keys
     * from it. Empty for everything else, which the intake reads itself.
     *
     * @since 1.4
     */
    public Optional<Hl7Input> hl7() {
        return Optional.ofNullable(hl7);
    }
}
