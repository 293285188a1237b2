package io.ductus.core.health;

import io.ductus.sdk.ConnectorStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the runtime knows of one destination at one moment: everything its health is judged from.
 *
 * @param interfaceRuns   whether its interface runs
 * @param connector       what its connector last reported (OK for a route)
 * @param connectorDetail the connector's detail, or null
 * @param waiting         pending deliveries
 * @param oldestWaiting   when the oldest waiting message was received, or null when none waits
 * @param quarantined     quarantined deliveries not resent or dismissed
 * @param lastFinished    when a delivery last finished (sent, filtered or quarantined), or null for never
 * @param lastErrorAt     when an attempt last failed, or null
 * @param lastError       that failure's text, or null
 * @param watchedSince    since when the engine has been watching it (silence before that does not count)
 * @param recent          rates of the last minutes ({@link Rates#UNKNOWN} before any are measured)
 * @param normal          the usual rates for this hour of the week ({@link Rates#UNKNOWN} until learned)
 * @param lanes           the first waiting delivery of each lane that has one
 * @param behind          when it counts as behind, if its interface (or itself) says
 */
public record DestinationFacts(boolean interfaceRuns, boolean paused, ConnectorStatus connector, String connectorDetail,
                               long waiting, Instant oldestWaiting, long quarantined, Instant lastFinished,
                               Instant lastErrorAt, String lastError, Instant watchedSince, Rates recent, Rates normal,
                               List<LaneHead> lanes, Optional<Expectations.Behind> behind) {

    public DestinationFacts {
        Objects.requireNonNull(connector, "connector");
        Objects.requireNonNull(watchedSince, "watchedSince");
        Objects.requireNonNull(recent, "recent");
        Objects.requireNonNull(normal, "normal");
        lanes = List.copyOf(lanes);
        Objects.requireNonNull(behind, "behind");
    }
}
