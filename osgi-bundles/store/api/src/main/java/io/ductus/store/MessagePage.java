package io.ductus.store;

import java.util.List;

/**
 * One page of messages, newest first.
 *
 * @param nextBeforeId     what to pass as {@link MessageQuery#beforeId()} for the next page, null when nothing
 *                         older is left
 * @param scanLimitReached a text search stopped after reading {@link MessageQuery#scanLimit()} messages
 *                         before it filled the page: it read every message that passes the other filters
 *                         from {@code nextBeforeId} up (to the query's {@code beforeId}), and a query with
 *                         {@code beforeId = nextBeforeId} goes on below
 * @param timeBudgetReached a text search stopped when its {@link MessageQuery#timeBudget()} ran out, before it
 *                          filled the page or reached its scan limit: as with {@code scanLimitReached}, it read
 *                          everything from {@code nextBeforeId} up, and a query with that {@code beforeId} goes on
 */
public record MessagePage(List<MessageSummary> messages, Long nextBeforeId, boolean scanLimitReached,
                          boolean timeBudgetReached) {

    public MessagePage {
        messages = List.copyOf(messages);
    }

    public MessagePage(List<MessageSummary> messages, Long nextBeforeId) {
        this(messages, nextBeforeId, false, false);
    }

    public MessagePage(List<MessageSummary> messages, Long nextBeforeId, boolean scanLimitReached) {
        this(messages, nextBeforeId, scanLimitReached, false);
    }
}
