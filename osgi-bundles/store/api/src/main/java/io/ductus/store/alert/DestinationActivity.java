package io.ductus.store.alert;

import io.ductus.store.DestinationRef;
import java.util.Objects;

/**
 * A destination's last moves and its learned usual rates.
 *
 * @param lastFinished when a delivery last finished (Unix ms), or null
 * @param lastErrorAt  when an attempt last failed, or null
 * @param baseline     the usual rates per hour of the week as text, or null before any were learned
 */
public record DestinationActivity(DestinationRef destination, long watchedSince, Long lastFinished, Long lastErrorAt,
                                  String lastError, String baseline) {

    public DestinationActivity {
        Objects.requireNonNull(destination, "destination");
    }
}
