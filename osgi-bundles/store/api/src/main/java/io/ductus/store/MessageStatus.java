package io.ductus.store;

import java.util.Collection;
import java.util.Locale;

/** A message's status, derived from its deliveries (ARCHITECTURE.md §3). */
public enum MessageStatus {
    PENDING, SENT, FILTERED, QUARANTINED, DUPLICATE;

    /** The value stored in the database. */
    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static MessageStatus fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** Pending while any delivery is; then quarantined if any is, else sent if any is, else filtered. */
    public static MessageStatus derive(Collection<DeliveryStatus> deliveries) {
        if (deliveries.contains(DeliveryStatus.PENDING)) return PENDING;
        if (deliveries.contains(DeliveryStatus.QUARANTINED)) return QUARANTINED;
        if (deliveries.contains(DeliveryStatus.SENT)) return SENT;
        return FILTERED;
    }
}
