package io.ductus.core.health;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A destination as judged: its health, its backlog and, for a backlog over a minute old, where it is going
 * and why.
 *
 * @param oldestWaiting how long the oldest waiting message has waited; null when none waits
 * @param trend         for a backlog over a minute old when the rates are known, else null
 * @param causes        what the facts point at (burst, slow receiver, blocked lanes), worst first
 */
public record DestinationHealth(Health health, long waiting, Duration oldestWaiting, Trend trend, List<Cause> causes) {

    public DestinationHealth {
        Objects.requireNonNull(health, "health");
        causes = List.copyOf(causes);
    }
}
