package io.ductus.client.model;

import java.util.List;

/**
 * A destination's health as the engine judged it: the state and what to look at, how long the oldest waiting
 * message has waited, where a backlog is going (trend) and what the facts point at (causes).
 */
@ApiSchema("DestinationHealth")
public record DestinationHealth(String state, String reason, Long oldestWaitingSeconds, Trend trend, List<Cause> causes) {

    public DestinationHealth {
        causes = causes == null ? List.of() : List.copyOf(causes);
    }

    public boolean ok() {
        return "ok".equals(state);
    }

    /** A backlog's direction (catching_up, falling_behind), its rates and when it should be done. */
    public record Trend(String direction, double inPerMinute, double outPerMinute, Long etaSeconds) {
        public boolean catchingUp() {
            return "catching_up".equals(direction);
        }
    }

    /** What the facts point at: burst, slow_receiver, blocked_lane or receiver_down, in words, with its lane and key. */
    public record Cause(String kind, String detail, Integer lane, String key) {
    }
}
