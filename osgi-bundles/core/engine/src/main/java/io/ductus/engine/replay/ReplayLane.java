package io.ductus.engine.replay;

import io.ductus.threads.LowPriority;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * One thread of a replay job with code of its own: each interface's candidate and the recorded revisions
 * it runs again, loaded for this thread alone (a script context runs on one thread at a time). A job
 * spreads each page of originals over its lanes, so its transforms run on every core the engine lets it
 * have, at the lowest priority ({@link LowPriority}).
 */
final class ReplayLane implements AutoCloseable {

    private final ReplayCode code;
    private final Map<String, ReplayCode.Loaded> candidates;
    private final ExecutorService thread;

    /** @param candidates each interface's candidate, loaded by {@code code} */
    ReplayLane(ReplayCode code, Map<String, ReplayCode.Loaded> candidates, String threadName) {
        this.code = code;
        this.candidates = Map.copyOf(candidates);
        this.thread = Executors.newSingleThreadExecutor(LowPriority.threads(threadName, true));
    }

    /** Another lane with the same candidates loaded again by {@code fresh} (already checked by this one). */
    ReplayLane another(ReplayCode fresh, String threadName) {
        Map<String, ReplayCode.Loaded> again = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, ReplayCode.Loaded> e : candidates.entrySet()) again.put(e.getKey(), fresh.again(e.getValue()));
        } catch (RuntimeException e) {
            fresh.close();
            throw e;
        }
        return new ReplayLane(fresh, again, threadName);
    }

    ReplayCode code() {
        return code;
    }

    ReplayCode.Loaded candidate(String interfaceName) {
        return candidates.get(interfaceName);
    }

    /** Runs {@code work} on this lane's thread, after what it was given before. */
    <T> CompletableFuture<T> submit(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, thread);
    }

    /** Ends the thread and closes the code; the caller has waited for everything it submitted. */
    @Override
    public void close() {
        thread.shutdown();
        code.close();
    }
}
