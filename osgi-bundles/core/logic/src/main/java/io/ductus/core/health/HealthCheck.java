package io.ductus.core.health;

import io.ductus.core.health.Health.State;
import io.ductus.sdk.ConnectorStatus;
import java.util.Map;

/**
 * Judges health from what the runtime knows now: whether the interface runs, pauses, what the connectors
 * report and how many messages are quarantined. (Judging a backlog as stalled or behind needs the oldest
 * waiting message's age and the last send, which the runtime does not gather yet.)
 */
public final class HealthCheck {

    private HealthCheck() {
    }

    /**
     * @param connector       what the destination's connector last reported
     * @param connectorDetail its detail, or null
     */
    public static Health destination(boolean interfaceRuns, boolean paused, ConnectorStatus connector, String connectorDetail,
                                     long quarantined) {
        if (!interfaceRuns) return new Health(State.STOPPED, "the interface does not run");
        if (paused) return new Health(State.PAUSED, "paused by an operator; messages wait");
        if (connector != ConnectorStatus.OK) return new Health(State.ERROR, describe(connector, connectorDetail));
        if (quarantined > 0) return new Health(State.ERROR, quarantined + " message(s) quarantined");
        return Health.OK;
    }

    /**
     * The interface's own state, else the worst of its source and destinations, named.
     *
     * @param notRunningReason why the interface does not run, or null when it runs
     * @param source           what the source last reported, or null when it is closed (a drain)
     * @param destinations     each destination's health by name, in the interface's order
     */
    public static Health ofInterface(String notRunningReason, ConnectorStatus source, String sourceDetail,
                                     Map<String, Health> destinations) {
        if (notRunningReason != null) return new Health(State.STOPPED, notRunningReason);
        Health worst = source == null || source == ConnectorStatus.OK ? Health.OK
                : new Health(State.ERROR, "source: " + describe(source, sourceDetail));
        for (Map.Entry<String, Health> d : destinations.entrySet()) {
            if (d.getValue().worseThan(worst)) {
                worst = new Health(d.getValue().state(), "destination " + d.getKey() + ": " + d.getValue().reason());
            }
        }
        return worst;
    }

    private static String describe(ConnectorStatus status, String detail) {
        String label = status.name().toLowerCase(java.util.Locale.ROOT);
        return detail == null || detail.isBlank() ? "the connector reports " + label : "the connector reports " + label + ": " + detail;
    }
}
