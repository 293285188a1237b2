package io.ductus.core.health;

/**
 * The first waiting delivery of one lane of a destination: the one its worker must finish before the lane
 * moves (ARCHITECTURE.md §2.3).
 *
 * @param key        the message's ordering key, or null without one
 * @param attempts   failed attempts so far: more than 0 means the lane is blocked on it
 * @param lastError  the last attempt's error, or null
 * @param receivedAt when the message was received (Unix ms)
 */
public record LaneHead(int lane, long messageId, String key, int attempts, String lastError, long receivedAt) {

    public boolean failing() {
        return attempts > 0;
    }
}
