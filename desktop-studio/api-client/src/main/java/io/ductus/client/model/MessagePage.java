package io.ductus.client.model;

import java.util.List;

/** One page of messages, newest first; {@code next} is the {@code before} of the next page (null at the end). */
@ApiSchema("MessagePage")
public record MessagePage(List<MessageSummary> messages, Long next, boolean scanLimitReached) {

    public MessagePage {
        messages = messages == null ? List.of() : List.copyOf(messages);
    }
}
