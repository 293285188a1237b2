package io.ductus.core.lane;

/**
 * 32-bit FNV-1a. Lanes are derived from it and stored with every delivery, so it must never change:
 * unit tests pin it to the published test vectors.
 */
public final class Fnv1a {

    static final int OFFSET_BASIS = 0x811c9dc5;
    static final int PRIME = 0x01000193;

    private Fnv1a() {
    }

    /** The hash of the bytes (int arithmetic wraps exactly like the 32-bit unsigned original). */
    public static int hash32(byte[] bytes) {
        int hash = OFFSET_BASIS;
        for (byte b : bytes) {
            hash ^= b & 0xff;
            hash *= PRIME;
        }
        return hash;
    }
}
