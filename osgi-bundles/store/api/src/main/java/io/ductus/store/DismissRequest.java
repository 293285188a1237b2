package io.ductus.store;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which quarantined deliveries to dismiss (see {@link Store#dismiss}).
 *
 * @param messageIds   1 to {@value ResendRequest#MAX_MESSAGES} messages
 * @param destinations only these destinations' deliveries; empty: every quarantined delivery of each message
 * @param reason       why, in the operator's words (required)
 * @param by           who dismissed them, as the audit log names them, or null
 */
public record DismissRequest(List<Long> messageIds, Set<String> destinations, String reason, String by) {

    public DismissRequest {
        messageIds = ActionIds.check(messageIds, ResendRequest.MAX_MESSAGES);
        destinations = Set.copyOf(Objects.requireNonNull(destinations, "destinations"));
        if (reason == null || reason.isBlank()) throw new IllegalArgumentException("a dismissal needs a reason");
    }

    /** What the dismissed deliveries keep as their last error: "dismissed by NAME: reason". */
    public String lastError() {
        return (by == null ? "dismissed: " : "dismissed by " + by + ": ") + reason.strip();
    }
}
