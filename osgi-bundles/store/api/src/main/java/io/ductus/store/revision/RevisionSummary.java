package io.ductus.store.revision;

import java.util.Objects;

/**
 * One revision without its files.
 *
 * @param number     1, 2, 3… per interface, in the order they were begun
 * @param hash       SHA-256 of its files (see io.ductus.core.revision.InterfaceFiles#hash); empty for a removal
 * @param author     who: the API caller (user:NAME, token:NAME), or "engine" for what the start found
 * @param message    what the author said of it, or null
 * @param basedOn    the revision it was made from (the base a deploy named), or null
 * @param finishedAt when its deploy ended (deployed, failed or removed), or null while under way
 * @param reason     why it failed, or what a removal did with pending messages; null otherwise
 */
public record RevisionSummary(String interfaceName, int number, String hash, RevisionStatus status, RevisionOrigin origin,
                              String author, String message, Integer basedOn, long createdAt, Long finishedAt, String reason) {

    public RevisionSummary {
        Objects.requireNonNull(interfaceName, "interfaceName");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(origin, "origin");
    }

    /** A revision that counts as current when it is the newest such: deployed, or the removal. */
    public boolean settled() {
        return status == RevisionStatus.DEPLOYED || status == RevisionStatus.REMOVED;
    }
}
