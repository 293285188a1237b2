package io.ductus.store;

import java.util.List;

/**
 * One page of messages, newest first.
 *
 * @param nextBeforeId what to pass as {@link MessageQuery#beforeId()} for the next page, null on the last
 */
public record MessagePage(List<MessageSummary> messages, Long nextBeforeId) {

    public MessagePage {
        messages = List.copyOf(messages);
    }
}
