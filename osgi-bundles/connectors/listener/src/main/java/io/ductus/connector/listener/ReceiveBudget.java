package io.ductus.connector.listener;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine-wide budget of bytes in flight: frames and request bodies being received, and received ones
 * not yet answered, on every listener of the engine (MLLP, HTTP, the API). Past it a new frame or body is
 * refused with the protocol's "try again" answer (MLLP AE, HTTP 503) instead of buffering more: a hundred
 * senders each sending 15 MB without the end bytes once held 1.35 GB off the heap.
 *
 * <p>Big frames cannot take all of it: what a frame holds beyond its first {@value #SMALL} bytes counts
 * against seven eighths of the budget only, so ordinary messages (a few kilobytes) still get in while large
 * unfinished ones hold the rest.
 */
public final class ReceiveBudget {

    /** A frame or body this small may use the whole budget. */
    public static final long SMALL = 64 * 1024;
    /** The smallest budget: one frame of the default max_frame (16 MB) and room beside it. */
    public static final long MIN_BYTES = 32L << 20;
    static final long MAX_DEFAULT_BYTES = 128L << 20;

    private final long limit;
    private final long largeLimit;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();

    /** @param limit bytes in flight at most, engine-wide */
    public ReceiveBudget(long limit) {
        if (limit < 1) throw new IllegalArgumentException("the budget must be at least one byte");
        this.limit = limit;
        this.largeLimit = limit - limit / 8;
    }

    /**
     * The default for a JVM with {@code maxHeap} bytes of heap: a sixteenth of it (received frames are copied
     * onto the heap), at least {@link #MIN_BYTES}, at most 128 MB: a network buffer of a frame being received
     * may take up to twice what it holds, and the engine's memory must stay bounded whatever the senders do.
     */
    public static long defaultBytes(long maxHeap) {
        return Math.max(MIN_BYTES, Math.min(MAX_DEFAULT_BYTES, maxHeap / 16));
    }

    /**
     * Takes {@code bytes} more for a frame or body that then holds {@code total}; false (and nothing taken)
     * when the budget refuses them.
     */
    public boolean take(long bytes, long total) {
        if (bytes <= 0) return true;
        long bound = total <= SMALL ? limit : largeLimit;
        while (true) {
            long now = held.get();
            if (now + bytes > bound) {
                refused.incrementAndGet();
                return false;
            }
            if (held.compareAndSet(now, now + bytes)) return true;
        }
    }

    /** Gives {@code bytes} back. */
    public void giveBack(long bytes) {
        if (bytes > 0) held.addAndGet(-bytes);
    }

    /** Bytes held now. */
    public long held() {
        return held.get();
    }

    public long limit() {
        return limit;
    }

    /** Frames and bodies refused so far because the budget was spent. */
    public long refused() {
        return refused.get();
    }
}
