package io.ductus.format.ack;

import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The control ids (MSH-10) of the ACKs a receiver sends, which never repeat across restarts: each is the
 * moment the generator was made (milliseconds, base 36) and a counter, such as {@code DXMIP5Q2K0-1F}.
 * Make one per process (a listener's factory) and share it, so that no two listeners made in the same
 * millisecond share one either. At most 20 characters (MSH-10's length in v2.3 to v2.5) until the counter
 * passes 36^6 (over two billion ACKs).
 */
public final class AckControlIds {

    private final String prefix;
    private final AtomicLong counter = new AtomicLong();

    /** @param start now, when the generator is made: every id it gives has this moment in it */
    public AckControlIds(Instant start) {
        this.prefix = "DX" + Long.toString(start.toEpochMilli(), 36).toUpperCase(Locale.ROOT) + "-";
    }

    /** The next id; thread-safe. */
    public String next() {
        return prefix + Long.toString(counter.incrementAndGet(), 36).toUpperCase(Locale.ROOT);
    }
}
