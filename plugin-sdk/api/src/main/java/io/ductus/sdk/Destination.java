package io.ductus.sdk;

import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Delivers messages. The engine calls {@link #send} from one worker thread per slot, one message at a
 * time per lane, and records the {@link Outcome} it returns.
 */
@ConsumerType
public interface Destination {

    /** Prepares to send (connect lazily where possible). Returns quickly. */
    void start() throws ConnectorException;

    /**
     * Delivers one message and says how it went. May block (it runs on a virtual thread); must honour
     * interruption. An unexpected exception is treated as {@link Outcome#retry}. Call
     * {@link OutboundMessage#fence()} right before writing the message's bytes (since 1.5): when it throws
     * {@link NoLongerOwnedException}, write nothing and let it end the send.
     */
    Outcome send(OutboundMessage message) throws InterruptedException;

    /** Releases connections; completes when done. */
    CompletionStage<Void> stop();
}
