package io.ductus.store;

import java.util.List;

/**
 * What an action changed, in message-id order: enough for the audit row and the events that announce it.
 * Empty when there was nothing to do (the deliveries were not in a state the action applies to).
 */
public record Changed(List<DeliveryChange> deliveries, List<MessageChange> messages) {

    public Changed {
        deliveries = List.copyOf(deliveries);
        messages = List.copyOf(messages);
    }

    public boolean isEmpty() {
        return deliveries.isEmpty();
    }
}
