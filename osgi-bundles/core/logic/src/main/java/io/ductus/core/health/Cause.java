package io.ductus.core.health;

import java.util.Locale;
import java.util.Objects;

/**
 * Why a destination is behind or stalled, as far as the facts tell.
 *
 * @param lane the lane concerned, or -1
 * @param key  the ordering key of that lane's first waiting message, or null
 */
public record Cause(Kind kind, String detail, int lane, String key) {

    public enum Kind {
        /** More arrives than usual for this hour of the week. */
        BURST,
        /** Sends take longer than usual for this hour of the week. */
        SLOW_RECEIVER,
        /** A lane waits on a message that keeps failing; the other lanes go on. */
        BLOCKED_LANE,
        /** Every lane with messages waits on a failing one: the receiver looks down. */
        RECEIVER_DOWN;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Cause {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    static Cause of(Kind kind, String detail) {
        return new Cause(kind, detail, -1, null);
    }
}
