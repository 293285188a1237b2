package io.ductus.core.health;

import java.time.Duration;

/**
 * Where a backlog is going: caught up within {@code eta} at the rates of the last minutes, or growing.
 *
 * @param eta how long until nothing waits at these rates; null when it is not shrinking
 */
public record Trend(boolean catchingUp, double inPerMinute, double outPerMinute, Duration eta) {
}
