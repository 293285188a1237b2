package io.ductus.store;

/**
 * The first pending delivery of one lane: what its worker must finish before the lane moves.
 *
 * @param orderingKey the message's key, or null
 * @param lastError   the last failed attempt's error, or null
 */
public record LaneHead(int lane, long messageId, String orderingKey, int attempts, String lastError, long receivedAt) {
}
