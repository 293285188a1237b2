package io.ductus.sdk;

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

    private InboundMessage(byte[] payload, Charset charset, Map<String, String> origin) {
        this.payload = Objects.requireNonNull(payload, "payload");
        this.charset = charset;
        this.origin = Map.copyOf(origin);
    }

    /** A message with no known charset and no origin details. */
    public static InboundMessage of(byte[] payload) {
        return new InboundMessage(payload, null, Map.of());
    }

    /** The same message with its charset (for example from the source's {@code charset:} setting). */
    public InboundMessage withCharset(Charset charset) {
        return new InboundMessage(payload, Objects.requireNonNull(charset, "charset"), origin);
    }

    /** The same message with origin details (for example {@code remote=10.1.2.3:51234}), kept with it for audit. */
    public InboundMessage withOrigin(Map<String, String> origin) {
        return new InboundMessage(payload, charset, Objects.requireNonNull(origin, "origin"));
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
}
