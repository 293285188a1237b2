package io.ductus.store;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which deliveries to put back to pending (see {@link Store#resend}).
 *
 * @param messageIds   1 to {@value #MAX_MESSAGES} messages
 * @param destinations the destinations to send again whatever they ended as (sent, filtered or quarantined);
 *                     empty: each message's quarantined deliveries
 */
public record ResendRequest(List<Long> messageIds, Set<String> destinations) {

    /** Most messages one call changes: one transaction, kept short. */
    public static final int MAX_MESSAGES = 500;

    public ResendRequest {
        messageIds = ActionIds.check(messageIds, MAX_MESSAGES);
        destinations = Set.copyOf(Objects.requireNonNull(destinations, "destinations"));
    }

    /** The quarantined deliveries of these messages. */
    public static ResendRequest quarantined(List<Long> messageIds) {
        return new ResendRequest(messageIds, Set.of());
    }
}
