package io.ductus.sdk;

import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ProviderType;

/** Where a source hands its messages. One per interface, implemented by the engine. */
@ProviderType
public interface Intake {

    /**
     * Stores the message (and its deliveries) durably, then completes with its receipt. Concurrent
     * submissions are committed together. Completes exceptionally with an {@link IntakeException} when
     * the message could not be stored: the sender must then get a retryable answer.
     */
    CompletionStage<Receipt> submit(InboundMessage message);
}
