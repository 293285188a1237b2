package io.ductus.client.events;

import io.ductus.client.ApiException;
import java.time.Duration;

/**
 * What an {@link EventStream} tells its follower, on the stream's own thread (a UI hands each call over to its
 * own thread). The order is always: {@code connected}, events…, {@code disconnected}, {@code connected}, a
 * {@link EngineEvent.Resync}, events… — so a follower that reloads its state on every resync never misses a change.
 */
public interface EventListener {

    /** The stream is open (again). */
    default void connected() {
    }

    /** One event, in the engine's order. */
    void event(long id, EngineEvent event);

    /** The stream was lost; it is opened again after {@code retryIn}. */
    default void disconnected(ApiException why, Duration retryIn) {
    }

    /** The engine refused the caller (401) or its role (403): the stream stops until opened again. */
    default void refused(ApiException why) {
    }
}
