package io.ductus.store;

/**
 * A message without its payload, as the browser lists it.
 *
 * @param size        the payload's length in bytes
 * @param duplicateOf the message that claimed the dedupe key first, or null
 * @param settledAt   when its status left pending (Unix ms), or null
 * @param editedFrom  the message this one is an edited copy of, or null
 */
public record MessageSummary(long id, String interfaceName, long receivedAt, MessageStatus status, String charset,
                             int size, String orderingKey, int lane, String dedupeKey, Long duplicateOf,
                             Long settledAt, Long editedFrom) {

    /** A message that is not an edited copy. */
    public MessageSummary(long id, String interfaceName, long receivedAt, MessageStatus status, String charset,
                          int size, String orderingKey, int lane, String dedupeKey, Long duplicateOf, Long settledAt) {
        this(id, interfaceName, receivedAt, status, charset, size, orderingKey, lane, dedupeKey, duplicateOf, settledAt,
                null);
    }
}
