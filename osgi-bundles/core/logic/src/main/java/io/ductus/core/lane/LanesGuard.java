package io.ductus.core.lane;

import java.util.Optional;

/**
 * Seed 000's lanes guard: an interface's lane count ({@code ordering.partitions}) may go down only while
 * no message waits in a lane the new count drops, since nothing would ever take it (each lane has one
 * worker per destination, and those lanes would have none). Raising it is always safe: keys move to new
 * lanes from the next message on, and what waits in the old lanes is taken as before.
 */
public final class LanesGuard {

    private LanesGuard() {
    }

    /**
     * @param waitingInDropped deliveries pending in lanes {@code newLanes} and above (only asked when lowering)
     * @return why the change is refused, or empty when it may go ahead
     */
    public static Optional<String> refusal(int oldLanes, int newLanes, long waitingInDropped) {
        if (newLanes >= oldLanes || waitingInDropped == 0) return Optional.empty();
        return Optional.of("ordering.partitions goes from " + oldLanes + " to " + newLanes + " while " + waitingInDropped
                + " deliveries wait in lanes " + newLanes + " to " + (oldLanes - 1)
                + ", which would then have no worker: let them be delivered first (or pause the source and wait), then deploy again");
    }

    /** Whether the store must be asked how many wait in the dropped lanes. */
    public static boolean lowers(int oldLanes, int newLanes) {
        return newLanes < oldLanes;
    }
}
