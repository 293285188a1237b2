package io.ductus.core.retention;

/**
 * How a purge paces itself so that intake never notices it: each batch is one short write transaction, sized
 * so that it holds the writer for about {@link #TARGET_NANOS} (SQLite has one writer: a long delete would
 * make every acknowledgement wait for it), and after each batch the purge rests at least as long as the batch
 * took, so it is busy at most half the time.
 *
 * <p>The size adapts to what the database takes: halved when a batch took more than twice the target,
 * grown by a quarter when it took less than half of it, between {@link #MIN_BATCH} and {@link #MAX_BATCH}.
 */
public final class Pacing {

    public static final long TARGET_NANOS = 4_000_000L;
    public static final int MIN_BATCH = 10;
    public static final int MAX_BATCH = 2_000;
    public static final int FIRST_BATCH = 100;
    /** The shortest rest, so that a purge of tiny batches still leaves the writer free between them. */
    public static final long MIN_REST_NANOS = 1_000_000L;

    private int batch = FIRST_BATCH;

    /** How many messages the next batch takes. */
    public int batch() {
        return batch;
    }

    /** Records how long the last batch took and returns how long to rest before the next one. */
    public long took(long nanos) {
        if (nanos > 2 * TARGET_NANOS) batch = Math.max(MIN_BATCH, batch / 2);
        else if (nanos < TARGET_NANOS / 2) batch = Math.min(MAX_BATCH, batch + Math.max(1, batch / 4));
        return Math.max(MIN_REST_NANOS, nanos);
    }
}
