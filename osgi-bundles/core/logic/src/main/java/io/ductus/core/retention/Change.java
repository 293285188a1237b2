package io.ductus.core.retention;

import java.util.Optional;

/**
 * What an interface's configured window comes to against the one the store applies. A new interface and a
 * longer window apply at once (nothing is deleted earlier than before); a shorter one deletes messages the
 * old window still kept, so it waits until someone confirms it; until then the applied window stays.
 */
public enum Change {
    /** Configured and applied are the same. */
    NONE,
    /** No window on record yet: the configured one applies. */
    NEW,
    /** Longer than the applied one: applies at once. */
    LONGER,
    /** Shorter: applies only once confirmed. */
    WAITS_FOR_CONFIRMATION;

    public static Change of(Optional<Window> applied, Window configured) {
        if (applied.isEmpty()) return NEW;
        int compared = Integer.compare(configured.days(), applied.get().days());
        return compared == 0 ? NONE : compared > 0 ? LONGER : WAITS_FOR_CONFIRMATION;
    }

    /** Whether the store's applied window should become the configured one without asking. */
    public boolean appliesAtOnce() {
        return this == NEW || this == LONGER;
    }
}
