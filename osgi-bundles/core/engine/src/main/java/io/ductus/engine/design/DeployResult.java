package io.ductus.engine.design;

import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.store.revision.RevisionSummary;
import java.util.List;

/**
 * What a deploy did.
 *
 * @param revision the interface's revision now (the new one, or the current one when nothing changed)
 * @param changed  false when the files were those the interface already runs: nothing was done
 * @param swap     how the interface took the new revision (a live swap, or a start); null when nothing changed or for a removal
 * @param tests    what its tests came to; null when nothing ran
 * @param notes    what else to know (lib/ files a rollback did not restore, filtered messages of a removal)
 */
public record DeployResult(RevisionSummary revision, boolean changed, InterfaceManager.Deployed swap, Tests tests, List<String> notes) {

    public DeployResult {
        notes = List.copyOf(notes);
    }

    /** How many test files ran, and their tests that passed and failed. */
    public record Tests(int files, int passed, int failed) {
    }
}
