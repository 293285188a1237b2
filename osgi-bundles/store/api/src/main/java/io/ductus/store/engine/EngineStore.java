package io.ductus.store.engine;

import java.util.List;

/**
 * The engines sharing this database and who delivers what. The claiming itself (a run's lock, its claims,
 * takeover and fencing) belongs to the store's implementation; this is what the API and the CLI read and ask.
 */
public interface EngineStore {

    /** The live engine runs (their lock held), each with what it delivers now, by start time. */
    List<EngineRecord> engines();

    /**
     * Asks that the interface be delivered by engine {@code toEngineId} from now on; the engines carry it out
     * within their next claim round (seconds), without stopping intake. Refused with an
     * {@link IllegalArgumentException} that says why when the interface is not queued or the engine is not live.
     */
    void requestMove(String interfaceName, String toEngineId);

    /**
     * Marks the engine draining: the other live engines take its interfaces within their next claim round; it
     * keeps receiving until it stops. Refused with an {@link IllegalArgumentException} when the engine is not
     * live or is the only live one.
     */
    void requestDrain(String engineId);
}
