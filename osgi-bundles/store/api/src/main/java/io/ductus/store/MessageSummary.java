package io.ductus.store;

/**
 * A message without its payload, as the browser lists it.
 *
 * @param size        the payload's length in bytes
 * @param duplicateOf the message that claimed the dedupe key first, or null
 * @param settledAt   when its status left pending (Unix ms), or null
 */
public record MessageSummary(long id, String interfaceName, long receivedAt, MessageStatus status, String charset,
                             int size, String orderingKey, int lane, String dedupeKey, Long duplicateOf,
                             Long settledAt) {
}
