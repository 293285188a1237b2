package io.ductus.store.revision;

/** A draft without its files. */
public record DraftSummary(String owner, String interfaceName, Integer baseRevision, int files, long createdAt, long updatedAt) {
}
