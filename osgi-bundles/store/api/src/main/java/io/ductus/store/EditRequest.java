package io.ductus.store;

import java.util.Objects;
import java.util.Set;

/**
 * A corrected copy of a message (see {@link Store#edit}). The keys are the caller's to compute from the
 * new payload, as intake does; the copy has no dedupe key.
 *
 * @param originalId   the message corrected
 * @param payload      the corrected bytes
 * @param charset      their charset
 * @param orderingKey  the ordering key read from the corrected payload, or null
 * @param lane         the lane it hashes to
 * @param destinations the destinations the copy goes to; empty: the original's quarantined ones
 * @param by           who edited it, as the audit log names them, or null
 */
public record EditRequest(long originalId, byte[] payload, String charset, String orderingKey, int lane,
                          Set<String> destinations, String by) {

    public EditRequest {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(charset, "charset");
        destinations = Set.copyOf(Objects.requireNonNull(destinations, "destinations"));
        if (lane < 0) throw new IllegalArgumentException("lane must not be negative: " + lane);
    }

    /** What the original's replaced deliveries keep as their last error. */
    public String lastError(long copyId) {
        return "replaced by edited copy " + copyId + (by == null ? "" : " (edited by " + by + ")");
    }
}
