package io.ductus.core.retention;

import io.ductus.core.pacing.DutyCycle;

/**
 * How a purge paces itself so that intake never notices it: each batch is one short write transaction, sized
 * so that its statements hold the writer for about {@link #TARGET_NANOS} (SQLite has one writer: a long delete
 * would make every acknowledgement wait for it), and after each batch the purge rests at least as long as the
 * batch took, so it is busy at most half the time.
 *
 * <p>The size follows the cost of one message, smoothed over the last batches (a moving average that gives
 * each new batch a quarter of the weight): one batch slowed by a busy moment or a cold cache changes the
 * next size a little, not by half, so a noisy machine does not shrink the batches to nothing (halving on each
 * slow batch did: a purge of 2,000 messages a second instead of 24,000). Between {@link #MIN_BATCH} and
 * {@link #MAX_BATCH}.
 */
public final class Pacing {

    public static final long TARGET_NANOS = 4_000_000L;
    public static final int MIN_BATCH = 10;
    public static final int MAX_BATCH = 2_000;
    public static final int FIRST_BATCH = 100;
    /** The shortest rest, so that a purge of tiny batches still leaves the writer free between them. */
    public static final long MIN_REST_NANOS = 1_000_000L;

    /** Busy at most half the time: after each batch a rest as long as it took. */
    private static final DutyCycle HALF = new DutyCycle(0.5);

    private double nanosPerMessage = -1;
    private int batch = FIRST_BATCH;

    /** How many messages the next batch takes. */
    public int batch() {
        return batch;
    }

    /** Records how long the last batch's statements took for how many messages; returns how long to rest before the next one. */
    public long took(long nanos, int messages) {
        double perMessage = (double) Math.max(0, nanos) / Math.max(1, messages);
        nanosPerMessage = nanosPerMessage < 0 ? perMessage : 0.75 * nanosPerMessage + 0.25 * perMessage;
        long size = nanosPerMessage <= 0 ? MAX_BATCH : Math.round(TARGET_NANOS / nanosPerMessage);
        batch = (int) Math.max(MIN_BATCH, Math.min(MAX_BATCH, size));
        return Math.max(MIN_REST_NANOS, HALF.restAfter(nanos));
    }
}
