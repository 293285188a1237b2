package io.ductus.core.pacing;

/** How paced work rests between its parts: the store and the engine park the thread; tests pass one that only counts. */
@FunctionalInterface
public interface Rest {

    void nanos(long nanos);
}
