/**
 * Pacing of long work done beside intake (a purge, a text search): how long it rests after each part so that it
 * takes at most a share of a core ({@link DutyCycle}), and the {@link Rest} the IO side gives it (parking the
 * thread; tests count instead). Decisions only: the time a part took comes in as an argument.
 */
package io.ductus.core.pacing;
