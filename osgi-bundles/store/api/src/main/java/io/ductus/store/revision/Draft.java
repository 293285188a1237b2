package io.ductus.store.revision;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A user's draft of an interface, kept by the server as it is typed.
 *
 * @param owner        whose: user:NAME or token:NAME, as the audit log names callers
 * @param baseRevision the revision it was started from, or null for a draft of a new interface
 * @param files        every file of the draft by path relative to the project
 */
public record Draft(String owner, String interfaceName, Integer baseRevision, Map<String, byte[]> files, long createdAt,
                    long updatedAt) {

    public Draft {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(interfaceName, "interfaceName");
        files = Collections.unmodifiableMap(new TreeMap<>(files));
    }
}
