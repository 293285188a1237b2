package io.ductus.store;

import java.util.List;

/** One message with its payload and its deliveries (in destination order of storage). */
public record MessageDetail(MessageSummary summary, byte[] payload, String sourceInfo, List<DeliveryRecord> deliveries) {

    public MessageDetail {
        deliveries = List.copyOf(deliveries);
    }
}
