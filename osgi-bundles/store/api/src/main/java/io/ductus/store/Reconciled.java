package io.ductus.store;

/**
 * What reconciling at start found and fixed.
 *
 * @param messagesSettled messages that were pending without a pending delivery, now settled
 * @param leasesCleared   expired delivery leases cleared
 */
public record Reconciled(int messagesSettled, int leasesCleared) {
}
