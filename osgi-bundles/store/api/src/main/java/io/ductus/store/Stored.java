package io.ductus.store;

/**
 * The receipt for one stored message.
 *
 * @param id          the message id the database gave it (ids only grow)
 * @param duplicateOf the message that claimed the same dedupe key first, or null when it is not a duplicate
 */
public record Stored(long id, Long duplicateOf) {

    public boolean duplicate() {
        return duplicateOf != null;
    }
}
