package io.ductus.store.engine;

import java.util.Set;

/**
 * This engine's run on the database ({@link EngineStore#join}): its id, the interfaces it claimed, and the
 * fence before each send. Thread-safe. On PostgreSQL the run holds a session advisory lock on a connection of
 * its own, writes a heartbeat on it every second and makes a claim round every second; on SQLite (one engine
 * per file) it owns every interface it is offered.
 */
public interface EngineRun extends AutoCloseable {

    /** The run's random id (logged at start; the id in {@code engines}). */
    String id();

    /** The queued interfaces this engine could deliver (its project's); the next rounds claim among them. */
    void offer(Set<String> queued);

    /** Whether this run delivers the interface now: claimed and not being handed over. Read before reading its queue. */
    boolean owns(String interfaceName);

    /**
     * Right before one send: true while the claim was confirmed within the lease (measured on the monotonic
     * clock, which counts on while the process is frozen); else asks the database again, and false (the claim
     * is dropped) when the interface is no longer this run's.
     */
    boolean maySend(String interfaceName);

    /** Makes one claim round now (the run makes one about every second by itself). */
    void round();

    /** Hands every claim back (after the listener stopped the workers) and ends the run's session. */
    @Override
    void close();

    /** What the engine does when its claims change; called on the run's own thread. */
    interface Listener {
        /** The run claimed these interfaces: their workers may start. */
        void claimed(Set<String> interfaceNames);

        /**
         * The run hands these over (or lost them): {@link #owns} is already false for them; return once their
         * workers ended their batch and recorded it; then the release commits.
         */
        void releasing(Set<String> interfaceNames);

        /**
         * Another engine made deliveries of these interfaces (which this run delivers) pending: wake their workers,
         * as a local commit does. After a lost notice connection, called once with every interface the run
         * delivers (notices may have been missed meanwhile).
         */
        default void pending(Set<String> interfaceNames) {
        }
    }

    /** A run that owns whatever it is offered: one engine on its database, or a store without engines. */
    static EngineRun solo(String id) {
        return new EngineRun() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public void offer(Set<String> queued) {
            }

            @Override
            public boolean owns(String interfaceName) {
                return true;
            }

            @Override
            public boolean maySend(String interfaceName) {
                return true;
            }

            @Override
            public void round() {
            }

            @Override
            public void close() {
            }
        };
    }
}
