package io.ductus.store;

import java.util.List;

/**
 * What a route's flush changed.
 *
 * @param recorded what recording the outcomes changed, as {@link Store#record} says
 * @param stored   the messages stored in the target interface, in id order; none for outcomes whose delivery
 *                 was no longer pending (a flush repeated after its commit)
 */
public record Routed(Recorded recorded, List<RoutedMessage> stored) {

    public Routed {
        stored = List.copyOf(stored);
    }

    /** One message stored in the target: the message it was routed from, and its receipt there. */
    public record RoutedMessage(long originId, Stored stored) {
    }
}
