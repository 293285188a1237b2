package io.ductus.engine.api;

import io.ductus.connector.listener.Refusals;
import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many requests of each kind of {@link Work} the API answers at once: at most {@link Limit#total} in all
 * (the rest wait their turn, up to {@link Limit#maxWait}, then 503), and at most {@link Limit#perCaller} per caller
 * (a user, a token, or an anonymous caller's address; past it, 429 at once). Eight text searches of one viewer
 * once took every carrier thread and read connection the engine had while the intake's senders waited; now
 * one runs at a time (two on four cores), and a caller has at most two in flight. Refusals are counted
 * ({@code ductus_refusals_total{listener="api"}}) and logged once a minute per caller.
 */
public final class ApiLimits {

    private static final Logger LOG = LoggerFactory.getLogger(ApiLimits.class);
    static final String LISTENER = "api";

    /**
     * @param total     requests of this kind answered at once, engine-wide
     * @param perCaller requests of this kind one caller may have in flight (answered or waiting)
     * @param maxWait   how long a request waits for its turn before 503
     */
    public record Limit(int total, int perCaller, Duration maxWait) {
    }

    /** A request's turn; closed when its answer is written (or its stream ends). */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private record Key(Work work, String caller) {
    }

    private final Map<Work, Limit> limits;
    private final Map<Work, Semaphore> turns = new EnumMap<>(Work.class);
    private final Map<Key, Integer> inFlight = new ConcurrentHashMap<>();
    private final Refusals refusals;

    public ApiLimits(Map<Work, Limit> limits, Refusals refusals) {
        this.limits = new EnumMap<>(limits);
        for (Work w : Work.values()) {
            if (!this.limits.containsKey(w)) throw new IllegalArgumentException("no limit for " + w);
            turns.put(w, new Semaphore(this.limits.get(w).total(), true));
        }
        this.refusals = refusals;
    }

    /** The limits for a machine with {@code cores} cores. */
    public static ApiLimits defaults(int cores, Refusals refusals) {
        Map<Work, Limit> limits = new EnumMap<>(Work.class);
        limits.put(Work.LIGHT, new Limit(Integer.MAX_VALUE, 16, Duration.ZERO));
        limits.put(Work.READ, new Limit(Math.max(2, cores), 4, Duration.ofSeconds(10)));
        limits.put(Work.SCAN, new Limit(Math.max(1, cores / 2), 2, Duration.ofSeconds(10)));
        limits.put(Work.STREAM, new Limit(64, 4, Duration.ZERO));
        return new ApiLimits(limits, refusals);
    }

    /** Where the API's refusals are counted (shared with the listeners, for /metrics). */
    public Refusals refusals() {
        return refusals;
    }

    public Limit limit(Work work) {
        return limits.get(work);
    }

    /**
     * Waits for the request's turn.
     *
     * @throws ApiProblem 429 when the caller already has its share of this kind in flight, 503 when the engine
     *                    answered as many as it takes at once for longer than the wait allows
     */
    public Permit enter(Work work, Caller caller) {
        Limit limit = limits.get(work);
        Key key = new Key(work, who(caller));
        int[] now = {0};
        inFlight.compute(key, (k, n) -> {
            now[0] = n == null ? 0 : n;
            return now[0] < limit.perCaller() ? now[0] + 1 : n;
        });
        if (now[0] >= limit.perCaller()) {
            refuse(caller, "per_caller", "already " + now[0] + " " + describe(work) + " in flight (at most " + limit.perCaller()
                    + " per caller)");
            throw new ApiProblem(429, "Too many requests", "You have " + now[0] + " " + describe(work) + " in flight already;"
                    + " at most " + limit.perCaller() + " at once per caller. Wait for an answer, then ask again.")
                    .retryAfter(1);
        }
        Semaphore turn = turns.get(work);
        boolean entered;
        try {
            entered = turn.tryAcquire(limit.maxWait().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            entered = false;
        }
        if (!entered) {
            leave(key);
            refuse(caller, "busy", "the engine answers " + limit.total() + " " + describe(work) + " at once and no turn came within "
                    + limit.maxWait().toSeconds() + " s");
            throw new ApiProblem(503, "Busy", "The engine answers " + limit.total() + " " + describe(work) + " at once, and none"
                    + " finished in time for this one; try again shortly.").retryAfter(2);
        }
        boolean[] closed = {false};
        return () -> {
            synchronized (closed) {
                if (closed[0]) return;
                closed[0] = true;
            }
            turn.release();
            leave(key);
        };
    }

    private void leave(Key key) {
        inFlight.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
    }

    private void refuse(Caller caller, String kind, String reason) {
        InetAddress address = address(caller.address());
        refusals.refused(LISTENER, kind, address, caller.actor() + ": " + reason, line -> LOG.warn("API {}", line));
    }

    private static String who(Caller caller) {
        return caller.via() == Caller.Via.ANONYMOUS ? "anonymous@" + caller.address() : caller.actor();
    }

    private static String describe(Work work) {
        return switch (work) {
            case LIGHT -> "requests";
            case READ -> "reads of messages";
            case SCAN -> "text searches";
            case STREAM -> "event streams";
        };
    }

    /** The caller's address as the connection gave it (a literal: nothing is looked up), or null. */
    static InetAddress address(String text) {
        return text == null ? null : io.netty.util.NetUtil.createInetAddressFromIpAddressString(text);
    }
}
