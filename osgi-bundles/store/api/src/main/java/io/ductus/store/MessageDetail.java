package io.ductus.store;

import java.util.List;

/**
 * One message with its payload and its deliveries (in destination order): each with its status, attempts,
 * last error and saved output.
 *
 * @param editedCopies the edited copies made of this message, oldest first (see {@link Store#edit})
 */
public record MessageDetail(MessageSummary summary, byte[] payload, String sourceInfo, List<DeliveryRecord> deliveries,
                            List<Long> editedCopies) {

    public MessageDetail {
        deliveries = List.copyOf(deliveries);
        editedCopies = List.copyOf(editedCopies);
    }

    public MessageDetail(MessageSummary summary, byte[] payload, String sourceInfo, List<DeliveryRecord> deliveries) {
        this(summary, payload, sourceInfo, deliveries, List.of());
    }
}
