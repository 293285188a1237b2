package io.ductus.store;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one flush of a routing destination writes in one transaction: its delivery outcomes, and for each
 * {@link DeliveryOutcome.Kind#SENT} outcome the message it stores in the target interface.
 *
 * @param targetInterface the interface the route stores into
 * @param outcomes        the route's delivery outcomes (of any kind)
 * @param messages        the message to store per origin message id: one for every sent outcome, none for others
 */
public record RouteBatch(String targetInterface, List<DeliveryOutcome> outcomes, Map<Long, NewMessage> messages) {

    public RouteBatch {
        Objects.requireNonNull(targetInterface, "targetInterface");
        outcomes = List.copyOf(outcomes);
        messages = Map.copyOf(messages);
        for (DeliveryOutcome o : outcomes) {
            boolean sent = o.kind() == DeliveryOutcome.Kind.SENT;
            if (sent != messages.containsKey(o.messageId())) {
                throw new IllegalArgumentException("message " + o.messageId() + ": a sent outcome needs a routed message, and only a sent one");
            }
        }
    }
}
