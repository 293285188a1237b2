package io.ductus.client.model;

import java.util.List;

/** What a resend or dismiss changed. */
@ApiSchema("Changed")
public record Changed(List<DeliveryChange> deliveries, List<MessageChange> messages) {

    public Changed {
        deliveries = deliveries == null ? List.of() : List.copyOf(deliveries);
        messages = messages == null ? List.of() : List.copyOf(messages);
    }
}
