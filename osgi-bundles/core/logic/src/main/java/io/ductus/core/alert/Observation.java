package io.ductus.core.alert;

import java.util.Objects;

/**
 * What one alert target looks like in one judging round.
 *
 * @param target        the target's id: {@code adt} (an interface), {@code adt/lab} (a destination),
 *                      {@code engine}, or what another source names ({@code certificate:…})
 * @param kind          what the target is
 * @param interfaceName the interface it belongs to (rules filter on it), or null for the engine and others
 * @param state         the state's label ({@code stalled}), {@code ok} when good
 * @param reason        why, in words; null when ok
 * @param owner         who owns it (the interface's {@code owner:}), or null
 * @param hold          true when nothing may change this round: a paused destination, or a state that needs
 *                      watching while the engine has watched too briefly
 */
public record Observation(String target, Kind kind, String interfaceName, String state, String reason, String owner, boolean hold) {

    public static final String OK = "ok";

    public enum Kind {
        INTERFACE, DESTINATION, ENGINE, CERTIFICATE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public Observation {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(state, "state");
    }

    public boolean good() {
        return state.equals(OK);
    }
}
