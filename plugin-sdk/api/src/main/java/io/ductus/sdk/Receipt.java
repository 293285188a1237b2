package io.ductus.sdk;

/**
 * Proof that a message is stored.
 *
 * @param messageId the id the store gave it (increasing within an interface)
 * @param duplicate true when its dedupe key was seen before: stored for audit, not delivered again
 */
public record Receipt(long messageId, boolean duplicate) {
}
