package io.ductus.store;

import java.util.List;
import java.util.Objects;

/**
 * A message as intake stores it. The payload is kept byte for byte with its charset.
 *
 * @param receivedAt   when the source received it (Unix ms)
 * @param payload      the bytes as received
 * @param charset      the payload's charset name (HL7 MSH-18 or the source's {@code charset:})
 * @param orderingKey  the ordering key's value, or null when the interface has none
 * @param lane         the lane the ordering key hashes to (0 when there is no key)
 * @param dedupeKey    the dedupe key's value, or null when the interface does not dedupe
 * @param destinations the destinations that get a delivery, in the interface's order
 * @param sourceInfo   what the source says about where it came from (JSON text), or null
 */
public record NewMessage(long receivedAt, byte[] payload, String charset, String orderingKey, int lane,
                         String dedupeKey, List<String> destinations, String sourceInfo) {

    public NewMessage {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(charset, "charset");
        destinations = List.copyOf(destinations);
        if (lane < 0) throw new IllegalArgumentException("lane must not be negative: " + lane);
        if (destinations.stream().distinct().count() != destinations.size()) {
            throw new IllegalArgumentException("destinations repeat: " + destinations);
        }
    }
}
