package io.ductus.store.revision;

/**
 * A deploy named a base that is no longer the interface's current revision (someone deployed in
 * between), or another deploy of the interface is under way. Nothing was written.
 */
public final class RevisionConflictException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient RevisionSummary current;

    public RevisionConflictException(String message, RevisionSummary current) {
        super(message);
        this.current = current;
    }

    /** The revision that is current now, or the deploy under way; null when the interface has none. */
    public RevisionSummary current() {
        return current;
    }
}
