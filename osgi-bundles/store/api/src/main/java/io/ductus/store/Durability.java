package io.ductus.store;

/** How far a commit must have gone before the caller is released. */
public enum Durability {
    /** On disk (fsync) before the call returns: survives a power cut. The default. */
    STRICT,
    /** In the operating system's cache: survives a process crash, a power cut may lose the last moments. */
    RELAXED
}
