package io.ductus.sdk;

import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/** What the engine asks a destination to deliver: the transformed payload and where it came from. */
@ProviderType
public interface OutboundMessage {

    /** The stored message's id. */
    long messageId();

    String interfaceName();

    String destinationName();

    /** The bytes to deliver, exactly. */
    byte[] payload();

    /** The charset of the payload. */
    Charset charset();

    /** When the engine stored the original message (for templates such as {@code {received:yyyyMMdd}}). */
    Instant receivedAt();

    /**
     * A value read from the message for templates such as a file name: an HL7 path ({@code MSH-10}) or
     * one of {@code id}, {@code interface}, {@code destination}. Empty when the message has no such value.
     */
    Optional<String> field(String path);
}
