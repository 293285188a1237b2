package io.ductus.store.engine;

import java.util.List;
import java.util.Set;

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

    /**
     * Starts this engine's run: registers it, claims its share of {@code queued} in a first round (before this
     * returns) and goes on claiming every second, telling {@code listener} what changed. SQLite: a run that
     * owns everything (the store refused a second engine on the file already).
     *
     * @param version the engine's version, shown with the run
     */
    default EngineRun join(String version, Set<String> queued, EngineRun.Listener listener) {
        return EngineRun.solo(java.util.UUID.randomUUID().toString());
    }
}
