package io.ductus.store.replay;

import java.util.List;
import java.util.Optional;

/**
 * Replay's reads and results. The originals are read through the store's read side (read-only
 * transactions on its reader connections), never the writer intake commits through; results are written
 * relaxed, in batches.
 */
public interface ReplayStore {

    /**
     * Up to {@code limit} originals of the interface received in [{@code from}, {@code to}) with an id above
     * {@code afterId}, in id order, each with its destinations' records (duplicates are never queued and are
     * left out). One read.
     */
    List<Original> originals(String interfaceName, long from, long to, long afterId, int limit);

    /** How many originals of the interface were received in [{@code from}, {@code to}): a replay's progress counts to it. */
    long count(String interfaceName, long from, long to);

    /** Records a job as running; its id. */
    long create(String createdBy, String request, long now);

    /** Saves rows of a job (relaxed) and, when not null, its summary so far. */
    void save(long jobId, List<ReplayRow> rows, String summary);

    /** Ends a job: done, cancelled or failed, with its last summary. */
    void finish(long jobId, String status, String summary, long now);

    Optional<ReplayJob> job(long id);

    /** The newest jobs first, up to {@code limit}. */
    List<ReplayJob> jobs(int limit);

    /**
     * A job's rows in (message id, destination) order after the given position, filtered by kind,
     * destination and field (each null for any).
     */
    List<ReplayRow> rows(long jobId, String kind, String destination, String field, long afterMessageId, String afterDestination, int limit);

    /** Jobs still running at a start were cut off by a stop: marked failed. How many. */
    int abandon(long now);

    /** Deletes the jobs created before {@code before} with their rows; how many jobs. */
    int purge(long before);
}
