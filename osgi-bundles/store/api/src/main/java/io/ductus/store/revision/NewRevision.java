package io.ductus.store.revision;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A revision to record.
 *
 * @param files   every file by path relative to the project; none for a removal
 * @param removal the interface is being removed (its files are gone)
 */
public record NewRevision(String interfaceName, String hash, Map<String, byte[]> files, RevisionOrigin origin, String author,
                          String message, boolean removal) {

    public NewRevision {
        Objects.requireNonNull(interfaceName, "interfaceName");
        Objects.requireNonNull(hash, "hash");
        Objects.requireNonNull(origin, "origin");
        files = Collections.unmodifiableMap(new TreeMap<>(files));
        if (removal && !files.isEmpty()) throw new IllegalArgumentException("a removal has no files");
    }
}
