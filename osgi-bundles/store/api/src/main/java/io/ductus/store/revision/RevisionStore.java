package io.ductus.store.revision;

import io.ductus.store.account.AuditEntry;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Revisions and drafts. Thread-safe; every method blocks until done and throws
 * {@link io.ductus.store.StoreException} when the database could not do it (nothing of a failed write is
 * kept, its audit row included).
 *
 * <p>A deploy is recorded in two steps: {@link #begin} before anything changes (the new revision,
 * {@link RevisionStatus#DEPLOYING}), {@link #finish} once it is done or given up. An engine that stopped in
 * between settles it at its next start ({@link #found}) by what its project folder holds.
 */
public interface RevisionStore {

    /** Each interface's current revision: its newest deployed or removed one. */
    Map<String, RevisionSummary> current();

    Optional<RevisionSummary> current(String interfaceName);

    /** Every deploy under way ({@link RevisionStatus#DEPLOYING}), by interface. */
    List<RevisionSummary> underWay();

    /** An interface's revisions newest first, those below {@code before} when it is given. */
    List<RevisionSummary> revisions(String interfaceName, Integer before, int limit);

    Optional<Revision> revision(String interfaceName, int number);

    /**
     * Begins a deploy: records the revision as {@link RevisionStatus#DEPLOYING}, numbered after every
     * revision of the interface, with its audit row, in one transaction.
     *
     * @param base the revision the deploy was made from: must be the current one (null: the interface has
     *             none, or was removed)
     * @throws RevisionConflictException when it is not, or when another deploy of the interface is under way
     */
    RevisionSummary begin(NewRevision revision, Integer base, long now, AuditEntry audit);

    /**
     * Ends a deploy: {@link RevisionStatus#DEPLOYED} (or {@link RevisionStatus#REMOVED} for a removal)
     * when it went through, else {@link RevisionStatus#FAILED} with the reason.
     */
    RevisionSummary finish(String interfaceName, int number, boolean done, String reason, long now);

    /**
     * At start, what the project folder holds for an interface: settles a deploy left under way (deployed
     * when the folder holds its files, failed when not) and returns the revision whose files these are,
     * recording them as a new deployed revision ({@link RevisionOrigin#START}) when they are not the current
     * one's.
     */
    RevisionSummary found(NewRevision onDisk, long now);

    /**
     * {@link #found(NewRevision, long)} for every interface folder of a start at once: the revision each
     * interface's files are, by interface name in the order given. A store that can does it in a bounded number
     * of statements (a start with a thousand interfaces: a read when every folder holds its current revision's
     * files, else one transaction more), rather than a transaction per interface.
     */
    default Map<String, RevisionSummary> found(List<NewRevision> onDisk, long now) {
        Map<String, RevisionSummary> found = new java.util.LinkedHashMap<>();
        for (NewRevision r : onDisk) found.put(r.interfaceName(), found(r, now));
        return found;
    }

    /**
     * At start, for an interface that has a current revision but no folder any more: settles a deploy left
     * under way as failed and records the removal ({@link RevisionOrigin#START}); empty when it was removed already.
     */
    Optional<RevisionSummary> gone(String interfaceName, long now);

    Optional<Draft> draft(String owner, String interfaceName);

    /** The owner's drafts, by interface. */
    List<DraftSummary> drafts(String owner);

    /** Saves a draft whole (its files replace those saved before); keeps when it was first saved. */
    Draft saveDraft(String owner, String interfaceName, Integer baseRevision, Map<String, byte[]> files, long now);

    /** Deletes a draft; false when there was none. */
    boolean deleteDraft(String owner, String interfaceName);
}
