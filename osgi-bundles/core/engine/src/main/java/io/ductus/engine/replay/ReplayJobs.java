package io.ductus.engine.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.compare.Difference;
import io.ductus.core.project.ProjectSettings;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.store.Store;
import io.ductus.store.replay.ReplayJob;
import io.ductus.threads.LowPriority;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replay jobs: each checked and loaded when asked (a candidate with problems is refused then), recorded,
 * and run one at a time, spread over {@code replay.threads} lanes (default: the machine's cores, at most
 * four; {@link ReplayLane}) at the lowest priority (for the operating system too: {@link LowPriority}), so
 * intake and the workers, which never wait for them, keep the CPU they need; a few more wait in line,
 * beyond that a start is refused. A job reads through the store's read side and writes only its own
 * results (relaxed, a batch at a time); its progress goes to the events stream (ids and counts). Results
 * are purged {@code replay.keep} after their job started (checked at each start); jobs a stop cut off are
 * marked failed when the engine starts.
 */
public final class ReplayJobs implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ReplayJobs.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Jobs that may wait for a thread. */
    static final int WAITING = 4;
    /** Rows saved per write. */
    static final int BATCH = 500;
    /** How often a running job's progress is published and saved at most. */
    static final long PROGRESS_MS = 250;

    private final Supplier<EngineRuntime> runtime;
    private final Store store;
    private final EventHub events;
    private final Clock clock;
    private final Map<Long, Running> running = new ConcurrentHashMap<>();
    private ThreadPoolExecutor pool;
    private java.util.concurrent.ExecutorService helpers;

    /** A job of this engine that has not ended. */
    private record Running(ReplayRequest request, ReplayCounts counts, AtomicBoolean cancel) {
    }

    public ReplayJobs(Supplier<EngineRuntime> runtime, Store store, EventHub events, Clock clock) {
        this.runtime = runtime;
        this.store = store;
        this.events = events;
        this.clock = clock;
        if (store != null) {
            int cut = store.replays().abandon(clock.millis());
            if (cut > 0) LOG.info("replay: {} job(s) a stop cut off marked failed", cut);
        }
    }

    /**
     * Checks and loads the candidate, records the job and queues it.
     *
     * @throws ReplayRefusedException when something named is missing, the candidate has problems, or too many jobs wait
     */
    public long start(ReplayRequest request) {
        EngineRuntime rt = runtime.get();
        if (rt == null) throw new ReplayRefusedException(503, "The engine is starting; try again in a moment.", List.of());
        for (String name : request.interfaces()) {
            if (!rt.sources().interfaces().containsKey(name)) {
                throw new ReplayRefusedException(404, "There is no interface " + name + ".", List.of());
            }
        }
        ProjectSettings.Replay settings = rt.checker().check(rt.sources()).project().settings().replay();
        long now = clock.millis();
        int purged = store.replays().purge(now - settings.keep().toMillis());
        if (purged > 0) LOG.info("replay: purged {} job(s) older than {}", purged, settings.keep());
        ReplayCode code = new ReplayCode(rt, store.revisions());
        AtomicBoolean cancel = new AtomicBoolean();
        ReplayRunner runner = new ReplayRunner(store.replays(), cancel::get, io());
        Map<String, ReplayCode.Loaded> candidates;
        try {
            candidates = ReplayRunner.prepare(code, request);
        } catch (RuntimeException e) {
            code.close();
            throw e;
        }
        long id = store.replays().create(request.owner(), json(describe(request)), now);
        ReplayCounts counts = new ReplayCounts();
        running.put(id, new Running(request, counts, cancel));
        try {
            int threads = settings.threads() > 0 ? settings.threads() : Math.min(4, Runtime.getRuntime().availableProcessors());
            pool().execute(() -> run(id, request, runner, candidates, counts, code, threads, rt));
        } catch (RejectedExecutionException e) {
            running.remove(id);
            code.close();
            store.replays().finish(id, "failed", json(Map.of("reason", "refused: too many replays wait")), clock.millis());
            throw new ReplayRefusedException(409, "Too many replays run or wait (one at a time, " + WAITING
                    + " waiting); try again when one has finished, or cancel one.", List.of());
        }
        events.replayChanged(id, "queued", 0, 0, Map.of());
        LOG.info("replay {} of {} ({}) by {} queued", id, request.interfaces(), request.candidate().describe(), request.owner());
        return id;
    }

    private void run(long id, ReplayRequest request, ReplayRunner runner, Map<String, ReplayCode.Loaded> candidates, ReplayCounts counts,
                     ReplayCode code, int threads, EngineRuntime rt) {
        Saver saver = new Saver(id, counts);
        List<ReplayLane> lanes = new ArrayList<>();
        try {
            lanes.add(new ReplayLane(code, candidates, "ductus-replay-" + id + "-1"));
            for (int i = 2; i <= threads; i++) {
                lanes.add(lanes.getFirst().another(new ReplayCode(rt, store.revisions()), "ductus-replay-" + id + "-" + i));
            }
            runner.run(request, lanes, counts, saver);
            saver.finish();
            store.replays().finish(id, counts.status(), json(counts.toMap()), clock.millis());
        } catch (RuntimeException e) {
            LOG.warn("replay {} failed: {}", id, e.toString());
            counts.end("failed", "the replay failed: " + e.getMessage(), 0);
            try {
                store.replays().finish(id, "failed", json(counts.toMap()), clock.millis());
            } catch (RuntimeException again) {
                LOG.warn("replay {}: its end could not be recorded: {}", id, again.getMessage());
            }
        } finally {
            if (lanes.isEmpty()) code.close();
            lanes.forEach(ReplayLane::close);
            running.remove(id);
            events.replayChanged(id, counts.status(), counts.messages(), counts.total(), kinds(counts));
            LOG.info("replay {} {}: {} message(s), {} row(s) not the same", id, counts.status(), counts.messages(), counts.differing());
        }
    }

    /** Saves the rows that are not the same, a batch at a time, and publishes the progress. */
    private final class Saver implements ReplayRunner.Sink {
        private final long id;
        private final ReplayCounts counts;
        private final List<ReplayRow> batch = new ArrayList<>();
        private final java.util.ArrayDeque<java.util.concurrent.CompletableFuture<Void>> saving = new java.util.ArrayDeque<>();
        private long published;

        Saver(long id, ReplayCounts counts) {
            this.id = id;
            this.counts = counts;
        }

        @Override
        public void row(ReplayRow row) {
            if (row.kind() == io.ductus.core.replay.RowKind.SAME) return;
            batch.add(row);
            if (batch.size() >= BATCH) {
                long t0 = System.nanoTime();
                flush(false);
                counts.spent(0, 0, System.nanoTime() - t0);
            }
        }

        @Override
        public void progress(ReplayCounts counts) {
            long now = System.currentTimeMillis();
            if (now - published < PROGRESS_MS && counts.status() == null) return;
            published = now;
            long t0 = System.nanoTime();
            flush(true);
            counts.spent(0, 0, System.nanoTime() - t0);
            events.replayChanged(id, counts.status() == null ? "running" : counts.status(), counts.messages(), counts.total(), kinds(counts));
        }

        /** Hands the batch to a helper thread (at most two saves outstanding), so the replay goes on meanwhile. */
        void flush(boolean summary) {
            List<ReplayRow> rows = List.copyOf(batch);
            batch.clear();
            String progress = summary ? json(counts.toMap()) : null;
            if (rows.isEmpty() && progress == null) return;
            while (saving.size() >= 2) saving.removeFirst().join();
            // written as JSON and saved on the helper thread: the replay thread only hands the rows over
            saving.addLast(java.util.concurrent.CompletableFuture.runAsync(() -> store.replays().save(id, rows.stream()
                    .map(r -> new io.ductus.store.replay.ReplayRow(r.messageId(), r.destination(), r.interfaceName(), r.kind().key(),
                            r.fields(), detail(r))).toList(), progress), io()));
        }

        /** Waits for every save handed over; a failed save fails the replay. */
        void finish() {
            flush(false);
            while (!saving.isEmpty()) saving.removeFirst().join();
        }
    }

    /** The summary: live while the job runs here, else as kept. */
    public Optional<Map<String, Object>> summary(long id) {
        Running r = running.get(id);
        Optional<ReplayJob> job = store.replays().job(id);
        if (job.isEmpty()) return Optional.empty();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("createdBy", job.get().createdBy());
        m.put("createdAt", java.time.Instant.ofEpochMilli(job.get().createdAt()).toString());
        m.put("finishedAt", job.get().finishedAt() == null ? null : java.time.Instant.ofEpochMilli(job.get().finishedAt()).toString());
        m.put("request", read(job.get().request()));
        Map<String, Object> summary = r != null ? r.counts().toMap() : read(job.get().summary());
        // running until its end is recorded (its last rows saved), whatever the counts say
        m.put("status", r != null ? "running" : job.get().status());
        m.put("summary", summary);
        return Optional.of(m);
    }

    /** The newest jobs, each as {@link #summary}. */
    public List<Map<String, Object>> list(int limit) {
        List<Map<String, Object>> jobs = new ArrayList<>();
        for (ReplayJob j : store.replays().jobs(limit)) summary(j.id()).ifPresent(jobs::add);
        return jobs;
    }

    /** Asks a running job to stop after the message it is on; false when it is not running here. */
    public boolean cancel(long id) {
        Running r = running.get(id);
        if (r == null) return false;
        r.cancel().set(true);
        return true;
    }

    /** Who started a job (for the API's checks), if it exists. */
    public Optional<ReplayJob> job(long id) {
        return store.replays().job(id);
    }

    /** The helper threads of the jobs: reading ahead and saving rows, at the same low priority. */
    private synchronized java.util.concurrent.ExecutorService io() {
        if (helpers == null) {
            helpers = java.util.concurrent.Executors.newCachedThreadPool(LowPriority.threads("ductus-replay-io", true));
        }
        return helpers;
    }

    /** The jobs' thread: one job at a time takes the lanes, the others wait in line. */
    private synchronized ThreadPoolExecutor pool() {
        if (pool == null) {
            pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(WAITING),
                    LowPriority.threads("ductus-replay", true));
        }
        return pool;
    }

    private static Map<String, Long> kinds(ReplayCounts counts) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (io.ductus.core.replay.RowKind k : io.ductus.core.replay.RowKind.values()) m.put(k.key(), counts.count(k));
        return m;
    }

    static Map<String, Object> describe(ReplayRequest request) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interfaces", request.interfaces());
        m.put("from", java.time.Instant.ofEpochMilli(request.from()).toString());
        m.put("to", java.time.Instant.ofEpochMilli(request.to()).toString());
        m.put("candidate", request.candidate().describe());
        m.put("ignore", request.ignore());
        m.put("destinations", new java.util.TreeSet<>(request.destinations()));
        return m;
    }

    /** A row's detail as kept and shown: decisions, reasons, the baseline and the differences. */
    /**
     * A row's detail as kept (JSON: receivedAt, note, both sides, baseline, differences), written field by
     * field: the replay's helper threads write 300,000 of them for a large replay, and a map per row and
     * difference cost them more than the rest of saving.
     */
    static String detail(ReplayRow row) {
        java.io.StringWriter out = new java.io.StringWriter(256);
        try (com.fasterxml.jackson.core.JsonGenerator g = JSON.getFactory().createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("receivedAt", java.time.Instant.ofEpochMilli(row.receivedAt()).toString());
            g.writeStringField("note", row.note());
            g.writeStringField("recorded", row.recorded() == null ? null : row.recorded().key());
            g.writeStringField("recordedReason", row.recordedReason());
            g.writeStringField("candidate", row.candidate() == null ? null : row.candidate().key());
            g.writeStringField("candidateReason", row.candidateReason());
            g.writeFieldName("revision");
            if (row.revision() == null) g.writeNull();
            else g.writeNumber(row.revision());
            g.writeStringField("baseline", row.baseline());
            g.writeStringField("comparedBy", row.comparedBy());
            g.writeArrayFieldStart("differences");
            for (Difference d : row.differences()) {
                g.writeStartObject();
                g.writeStringField("path", d.path());
                g.writeStringField("before", d.before());
                g.writeStringField("after", d.after());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** A kept row's detail as a map (for the API). */
    public static Map<String, Object> detailOf(String json) {
        return read(json);
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> read(String json) {
        if (json == null) return Map.of();
        try {
            return JSON.readValue(json, Map.class);
        } catch (JsonProcessingException e) {
            return Map.of("unreadable", json);
        }
    }

    @Override
    public synchronized void close() {
        running.values().forEach(r -> r.cancel().set(true));
        if (pool != null) pool.shutdownNow();
        if (helpers != null) helpers.shutdownNow();
    }
}
