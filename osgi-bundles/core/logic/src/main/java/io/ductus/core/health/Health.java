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
        /** Messages wait for over a minute and nothing has been finished for as long. */
        STALLED,
        /** A connector reports trouble, or messages are quarantined. */
        ERROR,
        /** The interface did not receive what its expectations ({@code monitor:}) say it should have by now. */
        SILENT,
        /** More messages wait, or the oldest waits longer, than the expectation {@code behind} allows. */
        BEHIND,
        OK;

        /** The state a label names ({@code stalled}); empty for a word that is none. */
        public static java.util.Optional<State> fromLabel(String label) {
            for (State s : values()) {
                if (s.label().equals(label)) return java.util.Optional.of(s);
            }
            return java.util.Optional.empty();
        }

        /** Every label, worst first. */
        public static java.util.List<String> labels() {
            return java.util.Arrays.stream(values()).map(State::label).toList();
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public boolean worseThan(State other) {
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
