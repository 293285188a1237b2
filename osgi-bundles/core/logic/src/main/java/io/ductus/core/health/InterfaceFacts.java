package io.ductus.core.health;

import io.ductus.sdk.ConnectorStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What the runtime knows of an interface itself (its destinations have their own facts).
 *
 * @param notRunningReason why it does not run, or null when it runs
 * @param source           what its source last reported, or null when closed (a drain) or internal
 * @param lastReceived     when it last stored a message, or null for never
 * @param watchedSince     since when the engine has been watching it
 * @param intakeLag        how long its senders wait for intake now: the oldest submission still storing, or the
 *                         slowest recent one ({@link Duration#ZERO} when nothing is known)
 */
public record InterfaceFacts(String notRunningReason, ConnectorStatus source, String sourceDetail, Instant lastReceived,
                             Instant watchedSince, Expectations expectations, Duration intakeLag) {

    public InterfaceFacts {
        Objects.requireNonNull(watchedSince, "watchedSince");
        Objects.requireNonNull(expectations, "expectations");
        Objects.requireNonNull(intakeLag, "intakeLag");
    }

    /** Facts without a measured intake. */
    public InterfaceFacts(String notRunningReason, ConnectorStatus source, String sourceDetail, Instant lastReceived,
                          Instant watchedSince, Expectations expectations) {
        this(notRunningReason, source, sourceDetail, lastReceived, watchedSince, expectations, Duration.ZERO);
    }
}
