package io.ductus.client.model;

import java.util.List;

/** One page of the quarantine, newest message first; {@code next} is where the next page starts (null at the end). */
@ApiSchema("QuarantinePage")
public record QuarantinePage(List<QuarantinedDelivery> deliveries, Cursor next) {

    public QuarantinePage {
        deliveries = deliveries == null ? List.of() : List.copyOf(deliveries);
    }

    /** The next page's start: a message id and destination, passed back as before and beforeDestination. */
    public record Cursor(long before, String beforeDestination) {
    }
}
