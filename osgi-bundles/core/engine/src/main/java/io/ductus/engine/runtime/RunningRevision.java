package io.ductus.engine.runtime;

import io.ductus.core.revision.InterfaceFiles;
import java.util.Objects;

/**
 * What an interface runs: the files of one of its revisions (its code is loaded from them, never from
 * the disk again) and that revision's number, which every delivery outcome records.
 *
 * @param revision the revision number, or null when it is not on record (an engine without revisions, tests)
 */
public record RunningRevision(Integer revision, InterfaceFiles files) {

    public RunningRevision {
        Objects.requireNonNull(files, "files");
    }
}
