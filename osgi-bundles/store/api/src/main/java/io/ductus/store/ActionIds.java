package io.ductus.store;

import java.util.List;
import java.util.Objects;

/** The message ids an action takes: at least one, at most a bound, none twice. */
final class ActionIds {

    private ActionIds() {
    }

    static List<Long> check(List<Long> ids, int max) {
        List<Long> copy = List.copyOf(Objects.requireNonNull(ids, "messageIds"));
        if (copy.isEmpty() || copy.size() > max) {
            throw new IllegalArgumentException("an action takes 1 to " + max + " message ids, not " + copy.size());
        }
        if (copy.stream().distinct().count() != copy.size()) throw new IllegalArgumentException("message ids repeat");
        return copy;
    }
}
