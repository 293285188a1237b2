package io.ductus.store.revision;

import java.util.Locale;

/** How a revision came. */
public enum RevisionOrigin {
    /** Deployed through the API with its files (the studio, a script). */
    API,
    /** {@code ductus deploy}: the files as they are in the project folder (after a git pull, say). */
    DISK,
    /** Found in the project folder when the engine started, unlike what it last ran. */
    START,
    /** An older revision's content deployed again. */
    ROLLBACK;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RevisionOrigin of(String dbValue) {
        return valueOf(dbValue.toUpperCase(Locale.ROOT));
    }
}
