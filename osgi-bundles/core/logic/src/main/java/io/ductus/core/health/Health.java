package io.ductus.core.health;

import java.util.Locale;
import java.util.Objects;

/**
 * How an interface or a destination is doing, and why when it is not ok.
 *
 * @param reason what an operator should look at; null when ok
 */
public record Health(State state, String reason) {

    /** Worst first: when several apply, the first one is shown. */
    public enum State {
        /** The interface does not run (stopped by its code, waiting for a connector type, bad settings). */
        STOPPED,
        /** An operator paused the destination: messages wait for it. */
        PAUSED,
        /** A connector reports trouble, or messages are quarantined. */
        ERROR,
        OK;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        boolean worseThan(State other) {
            return ordinal() < other.ordinal();
        }
    }

    public static final Health OK = new Health(State.OK, null);

    public Health {
        Objects.requireNonNull(state, "state");
        if ((state == State.OK) != (reason == null)) throw new IllegalArgumentException("a reason is given unless ok");
    }

    public boolean worseThan(Health other) {
        return state.worseThan(other.state);
    }
}
