package io.ductus.store.revision;

import java.util.Locale;

/** Where a revision stands. */
public enum RevisionStatus {
    /** A deploy of it is under way (its files may be being written). */
    DEPLOYING,
    /** It ran or runs: the interface's current revision is its newest deployed (or removed) one. */
    DEPLOYED,
    /** Its deploy did not complete; the revision before it went on running. */
    FAILED,
    /** The interface was removed: this revision has no files. */
    REMOVED;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RevisionStatus of(String dbValue) {
        return valueOf(dbValue.toUpperCase(Locale.ROOT));
    }
}
