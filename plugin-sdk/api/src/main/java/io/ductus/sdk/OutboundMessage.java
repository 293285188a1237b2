package io.ductus.sdk;

import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What the engine asks a destination to deliver: the transformed payload and where it came from, and the
 * {@link #fence()} to check right before writing it.
 */
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

    /**
     * The fence: call it right before the message's bytes are written, after everything that may take time
     * (connecting, a TLS handshake or an SSH session, building the frame, waiting for the connection). It returns
     * while this engine still delivers the message's interface, and throws {@link NoLongerOwnedException} once
     * it does not (engines on one database: another engine took the interface over while this one was frozen
     * or cut off, or it was moved). Then write nothing of the message and let the exception end {@code send};
     * the engine records nothing for the message (neither sent nor failed, no attempt counted) and stops the
     * interface's deliveries here, so that its new owner delivers it in order. Once it has thrown, it throws
     * again for this message.
     *
     * <p>Cheap enough to call before every write: it compares a lease (2 s) with the monotonic clock; only
     * when the lease ran out does it ask the database (a few milliseconds, about once per lease and
     * interface), so call it from a thread that may wait that long (the thread of {@code send}, or an
     * executor's), not from an event loop that must never block.
     *
     * <p>The engine checks the same fence once more right before it calls {@code send}, so a destination that
     * never calls this is fenced there, and what it does between that check and its write (connecting, a
     * handshake, a queue) is not. What no fence on this side removes: the moment between this check and the
     * operating system taking the bytes (microseconds, unless the process is frozen exactly there); a receiver
     * that must refuse a stale sender needs a token of its own.
     *
     * <p>The default never refuses: a message made outside an engine (a connector's own tests) is always owned.
     *
     * @throws NoLongerOwnedException when this engine no longer delivers the message's interface
     * @since 1.5
     */
    default void fence() {
    }
}
