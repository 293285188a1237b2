package io.ductus.store;

import java.util.List;

/**
 * What recording outcomes changed.
 *
 * @param changed deliveries that changed (outcomes for deliveries no longer pending change nothing)
 * @param settled messages whose status left pending, with their new status
 */
public record Recorded(int changed, List<Settled> settled) {

    public Recorded {
        settled = List.copyOf(settled);
    }

    /** A message that finished: its last pending delivery was recorded. */
    public record Settled(long messageId, MessageStatus status) {
    }
}
