package io.ductus.sdk;

import java.util.concurrent.CompletionStage;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives messages from outside and hands each to the {@link Intake}.
 *
 * <p>Contract (the plugin-sdk test kit checks it):
 * <ul>
 *   <li>acknowledge a message only after {@link Intake#submit} completed normally;</li>
 *   <li>when it completes exceptionally, give the sender the protocol's retryable answer
 *       (MLLP {@code AE}, HTTP 503) and keep running;</li>
 *   <li>{@link #start} and {@link #stop} return quickly; expected failures (a port in use) are reported
 *       through {@link ConnectorContext#statusChanged} or a {@link ConnectorException}, not by hanging.</li>
 * </ul>
 */
@ConsumerType
public interface Source {

    /** Starts receiving; messages go to the given intake. */
    void start(Intake intake) throws ConnectorException;

    /**
     * Stops taking new input, answers what is in flight, and completes when nothing more will be
     * submitted. Must not lose anything that was acknowledged. Calling it again returns the same stop.
     */
    CompletionStage<Void> stop();
}
