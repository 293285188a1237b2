package io.ductus.store.replay;

import java.util.List;

/**
 * A stored original message as its workers met it, with what each of its destinations came to.
 *
 * @param origin    what the source said of where it came from (the workers' {@code meta.origin})
 * @param deliveries one per destination the message was queued for, by destination name
 */
public record Original(long id, String interfaceName, long receivedAt, byte[] payload, String charset, String origin,
                       List<Recorded> deliveries) {

    public Original {
        deliveries = List.copyOf(deliveries);
    }

    /**
     * One destination's record.
     *
     * @param status    pending, sent, filtered or quarantined
     * @param lastError why it was filtered or quarantined
     * @param output    what was delivered, when the destination keeps it ({@code save_output}); else null
     * @param revision  the revision whose code decided it (null: not recorded, an older release)
     */
    public record Recorded(String destination, String status, String lastError, byte[] output, String outputCharset, Integer revision) {
    }
}
