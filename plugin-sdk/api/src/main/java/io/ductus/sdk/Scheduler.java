package io.ductus.sdk;

import java.time.Duration;
import org.osgi.annotation.versioning.ProviderType;

/** Timed work for a connector; tasks must not block for long (hand blocking work to your own threads). */
@ProviderType
public interface Scheduler {

    /** Runs the task once after the delay. */
    Cancellable schedule(Duration delay, Runnable task);

    /** Runs the task after the initial delay and then every period, until cancelled or the connector stops. */
    Cancellable scheduleEvery(Duration initialDelay, Duration period, Runnable task);

    /** A scheduled task that can be called off. */
    @ProviderType
    interface Cancellable {
        void cancel();
    }
}
