package io.ductus.store;

import java.util.List;

/**
 * One page of quarantined deliveries, newest first.
 *
 * @param next the last delivery of this page when more may follow (pass it to {@link QuarantineQuery#after}),
 *             null on the last page
 */
public record QuarantinePage(List<QuarantinedDelivery> deliveries, QuarantinedDelivery next) {

    public QuarantinePage {
        deliveries = List.copyOf(deliveries);
    }
}
