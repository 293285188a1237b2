package io.ductus.store;

import java.util.Locale;

/** Where one delivery stands; a retry keeps it pending. */
public enum DeliveryStatus {
    PENDING, SENT, FILTERED, QUARANTINED;

    /** The value stored in the database. */
    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeliveryStatus fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
