package io.ductus.store.revision;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** One revision with the full content of its files, by path relative to the project folder. */
public record Revision(RevisionSummary summary, Map<String, byte[]> files) {

    public Revision {
        files = Collections.unmodifiableMap(new TreeMap<>(files));
    }
}
