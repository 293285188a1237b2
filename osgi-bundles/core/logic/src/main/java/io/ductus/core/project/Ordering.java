package io.ductus.core.project;

import java.util.Objects;
import java.util.Optional;

/**
 * An interface's ordering: messages with equal keys are delivered in order; the key hashes to one of
 * {@code partitions} lanes ({@link io.ductus.core.lane.Lanes}).
 *
 * @param key        the path of the ordering key in the payload (for HL7 an {@link io.ductus.format.hl7.Hl7Path}),
 *                   or empty: every message in one lane
 * @param partitions the number of lanes keys hash to, 1 to 1024
 */
public record Ordering(Optional<String> key, int partitions) {

    public static final Ordering ONE_LANE = new Ordering(Optional.empty(), ProjectShapes.DEFAULT_PARTITIONS);

    public Ordering {
        Objects.requireNonNull(key, "key");
        if (partitions < 1 || partitions > ProjectShapes.MAX_PARTITIONS) {
            throw new IllegalArgumentException("partitions must be 1 to " + ProjectShapes.MAX_PARTITIONS + ", got " + partitions);
        }
    }

    /** How many lanes are really used: the partitions with a key, else one. */
    public int lanes() {
        return key.isPresent() ? partitions : 1;
    }
}
