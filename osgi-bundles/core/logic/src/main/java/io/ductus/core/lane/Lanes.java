package io.ductus.core.lane;

import java.nio.charset.StandardCharsets;

/**
 * Which lane a message's ordering key belongs to. Each lane of a destination has exactly one worker, so
 * messages with one key are delivered in order (invariant 3).
 */
public final class Lanes {

    private Lanes() {
    }

    /**
     * The lane of a key: FNV-1a 32 of its UTF-8 bytes, as an unsigned number, modulo the partitions.
     * A message without a key (none configured, or the path is empty in the message) goes to lane 0.
     *
     * @param key        the ordering key's value, or null when there is none
     * @param partitions the number of lanes, ≥ 1
     */
    public static int laneOf(String key, int partitions) {
        if (partitions < 1) throw new IllegalArgumentException("partitions must be ≥ 1, got " + partitions);
        if (key == null || key.isEmpty()) return 0;
        int hash = Fnv1a.hash32(key.getBytes(StandardCharsets.UTF_8));
        return (int) (Integer.toUnsignedLong(hash) % partitions);
    }
}
