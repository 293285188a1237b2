package io.ductus.connector.listener;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What the engine's listeners and its API refused, counted by listener and kind (for /metrics), and logged
 * at most once a minute per listener, kind and sender: a scanner holding five hundred connections, or a
 * client retrying in a loop, makes one line a minute, with the count of refusals since the last one. Lines
 * name the sender, sizes and positions, never what was sent.
 */
public final class Refusals {

    /** Senders remembered for the once-a-minute rule; past it, the oldest minute is forgotten. */
    static final int SENDERS = 10_000;
    static final long MINUTE_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** A listener and a kind of refusal: one series in /metrics. */
    public record Kind(String listener, String kind) {
    }

    /** One series: how many refusals of a kind one listener made. */
    public record Count(Kind kind, long count) {
    }

    private record Line(Kind kind, InetAddress sender) {
    }

    private static final class Minute {
        final long startedAt;
        long suppressed;

        Minute(long startedAt) {
            this.startedAt = startedAt;
        }
    }

    private final LongSupplier nanoTime;
    private final Map<Kind, AtomicLong> counts = new ConcurrentHashMap<>();
    private final Map<Line, Minute> minutes = new ConcurrentHashMap<>();

    public Refusals() {
        this(System::nanoTime);
    }

    /** @param nanoTime the clock the minutes are measured on (tests pass their own) */
    public Refusals(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * Counts a refusal and logs it through {@code warn} unless a line for this listener, kind and sender was
     * logged less than a minute ago.
     *
     * @param reason why, with sizes and positions but none of the bytes sent
     */
    public void refused(String listener, String kind, InetAddress sender, String reason, Consumer<String> warn) {
        Kind k = new Kind(listener, kind);
        counts.computeIfAbsent(k, x -> new AtomicLong()).incrementAndGet();
        long now = nanoTime.getAsLong();
        if (minutes.size() >= SENDERS) forgetOld(now);
        long[] before = {-1};
        minutes.compute(new Line(k, sender), (line, minute) -> {
            if (minute != null && now - minute.startedAt < MINUTE_NANOS) {
                minute.suppressed++;
                return minute;
            }
            before[0] = minute == null ? 0 : minute.suppressed;
            return new Minute(now);
        });
        if (before[0] < 0) return;
        String who = sender == null ? "a sender" : sender.getHostAddress();
        warn.accept("refused " + who + " (" + kind + "): " + reason
                + (before[0] > 0 ? "; " + before[0] + " more such refusal(s) of " + who + " in the minute before" : "")
                + " (one line a minute per sender)");
    }

    private void forgetOld(long now) {
        minutes.entrySet().removeIf(e -> now - e.getValue().startedAt >= MINUTE_NANOS);
        if (minutes.size() >= SENDERS) minutes.clear(); // every one is recent: a flood of senders; start the minute afresh
    }

    /** Every series so far. */
    public List<Count> counts() {
        List<Count> all = new ArrayList<>();
        counts.forEach((k, n) -> all.add(new Count(k, n.get())));
        return all;
    }

    /** The count of one series (0 when none yet). */
    public long count(String listener, String kind) {
        AtomicLong n = counts.get(new Kind(listener, kind));
        return n == null ? 0 : n.get();
    }
}
