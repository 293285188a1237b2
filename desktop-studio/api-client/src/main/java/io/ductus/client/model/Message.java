package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/** GET /api/v1/messages/{id}: the summary's fields, where it came from, its deliveries and edited copies. */
@ApiSchema("Message")
public record Message(long id, @JsonProperty("interface") String interfaceName, Instant receivedAt, String status, long size,
                      String charset, String orderingKey, int lane, String dedupeKey, Long duplicateOf, Instant settledAt,
                      Long editedFrom, String origin, List<Delivery> deliveries, List<Long> editedCopies) {

    public Message {
        deliveries = deliveries == null ? List.of() : List.copyOf(deliveries);
        editedCopies = editedCopies == null ? List.of() : List.copyOf(editedCopies);
    }
}
