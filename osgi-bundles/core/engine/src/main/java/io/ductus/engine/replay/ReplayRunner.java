package io.ductus.engine.replay;

import io.ductus.core.compare.Difference;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.Format;
import io.ductus.core.replay.Decision;
import io.ductus.core.replay.IgnoredPaths;
import io.ductus.core.replay.ReplayJudge;
import io.ductus.core.replay.RowKind;
import io.ductus.core.replay.Side;
import io.ductus.engine.design.OutputDifferences;
import io.ductus.engine.runtime.DryRun;
import io.ductus.store.replay.Original;
import io.ductus.store.replay.ReplayStore;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * One replay, coordinated from the calling thread: for each interface, its originals of the period in id
 * order, a page at a time from the store's read side (the next page read ahead on a helper thread); each
 * page spread over the job's lanes ({@link ReplayLane}: a thread with code of its own), which run, for each
 * message, the candidate's code for every destination as a worker would run it (pinned clock, seeded
 * randomness, writes refused), then per destination the record's baseline (its kept output, or the
 * recorded revision run again) and the judgment ({@link ReplayJudge}). The calling thread takes the lanes'
 * rows back in id order and hands them to the sink, so rows, counts and the runaway rule see the messages
 * in the order they were received. Nothing is sent and no message or delivery is stored.
 */
final class ReplayRunner {

    static final int PAGE = 500;
    /** Runaways in a row after which the candidate is judged broken and the replay stops (as three timeouts stop an interface). */
    static final int RUNAWAYS_IN_A_ROW = 3;
    /** Pages handed to the lanes at once: the next one runs while the rows of the one before are taken back. */
    static final int PAGES_IN_FLIGHT = 2;

    /** Where rows and progress go (called on the coordinating thread only). */
    interface Sink {
        void row(ReplayRow row);

        /** After each page (and at the end). */
        void progress(ReplayCounts counts);
    }

    /** One message's rows, in the interface's destination order, and whether the candidate ran away on it. */
    private record Done(long id, List<ReplayRow> rows, boolean ranAway) {
    }

    private final ReplayStore store;
    private final BooleanSupplier cancelled;
    private final Executor io;
    /** Set when the run ends (done, cancelled, or stopped for runaways): lanes still ahead stop at their next message. */
    private final AtomicBoolean ended = new AtomicBoolean();

    /** @param io where the next page is read while one runs (the replay pool's helper threads) */
    ReplayRunner(ReplayStore store, BooleanSupplier cancelled, Executor io) {
        this.store = store;
        this.cancelled = cancelled;
        this.io = io;
    }

    /** Every interface's candidate, checked and loaded by {@code code}: refused before anything runs when one has problems. */
    static Map<String, ReplayCode.Loaded> prepare(ReplayCode code, ReplayRequest request) {
        Map<String, ReplayCode.Loaded> candidates = new LinkedHashMap<>();
        for (String name : request.interfaces()) candidates.put(name, code.candidate(code.candidateFiles(request, name)));
        return candidates;
    }

    /** Replays on {@code lanes} (each with the prepared candidates), counting into {@code counts}. */
    ReplayCounts run(ReplayRequest request, List<ReplayLane> lanes, ReplayCounts counts, Sink sink) {
        for (String name : request.interfaces()) counts.addTotal(store.count(name, request.from(), request.to()));
        counts.threads(lanes.size());
        sink.progress(counts);
        IgnoredPaths ignored = new IgnoredPaths(request.ignore());
        long started = System.nanoTime();
        Deque<List<CompletableFuture<Done>>> inFlight = new ArrayDeque<>();
        int runaways = 0;
        boolean cut = false; // cancelled before the last message
        try {
            outer:
            for (String name : request.interfaces()) {
                CompletableFuture<List<Original>> ahead = read(name, request, 0);
                boolean more = true;
                while (true) {
                    while (more && inFlight.size() < PAGES_IN_FLIGHT) {
                        long r0 = System.nanoTime();
                        List<Original> page = join(ahead);
                        counts.spent(System.nanoTime() - r0, 0, 0); // the wait for the page: the read itself overlaps the lanes' work
                        more = page.size() == PAGE;
                        if (more) ahead = read(name, request, page.getLast().id()); // the next page is read while this one runs
                        if (!page.isEmpty()) inFlight.addLast(handOut(request, name, page, lanes, ignored, counts));
                    }
                    if (inFlight.isEmpty()) break;
                    for (CompletableFuture<Done> message : inFlight.removeFirst()) {
                        Done done = join(message);
                        if (cancelled.getAsBoolean()) {
                            cut = true;
                            break outer;
                        }
                        if (done == null) continue; // skipped: only once the run has ended
                        for (ReplayRow row : done.rows()) {
                            counts.add(row);
                            sink.row(row);
                        }
                        counts.message();
                        runaways = done.ranAway() ? runaways + 1 : 0;
                        if (runaways >= RUNAWAYS_IN_A_ROW) {
                            counts.end("failed", "the candidate ran away on " + RUNAWAYS_IN_A_ROW + " messages in a row (the last "
                                    + done.id() + "): stopped", System.nanoTime() - started);
                            break outer;
                        }
                    }
                    if (cancelled.getAsBoolean()) {
                        cut = true;
                        break outer;
                    }
                    counts.elapsed(System.nanoTime() - started);
                    sink.progress(counts);
                }
            }
        } finally {
            ended.set(true);
            for (List<CompletableFuture<Done>> page : inFlight) { // lanes never run on after the job has ended
                for (CompletableFuture<Done> message : page) message.handle((done, failure) -> null).join();
            }
        }
        if (cut) {
            counts.end("cancelled", "cancelled after " + counts.messages() + " message(s)", System.nanoTime() - started);
        }
        if (counts.status() == null) counts.end("done", null, System.nanoTime() - started);
        sink.progress(counts);
        return counts;
    }

    /**
     * A page in as many contiguous slices as there are lanes, one to each; a result per message, in id
     * order, each completed as soon as its lane has run it (null: skipped, the run having ended), so the
     * runaway rule stops a broken candidate after three messages, not after a slice.
     */
    private List<CompletableFuture<Done>> handOut(ReplayRequest request, String name, List<Original> page, List<ReplayLane> lanes,
                                                  IgnoredPaths ignored, ReplayCounts counts) {
        List<CompletableFuture<Done>> results = new ArrayList<>(page.size());
        for (int i = 0; i < page.size(); i++) results.add(new CompletableFuture<>());
        int size = (page.size() + lanes.size() - 1) / lanes.size();
        for (int from = 0, lane = 0; from < page.size(); from += size, lane++) {
            int first = from;
            int end = Math.min(page.size(), from + size);
            ReplayLane on = lanes.get(lane);
            on.submit(() -> {
                long cpu0 = cpuTime();
                for (int i = first; i < end; i++) {
                    CompletableFuture<Done> result = results.get(i);
                    if (ended.get() || cancelled.getAsBoolean()) {
                        result.complete(null);
                        continue;
                    }
                    try {
                        result.complete(replay(request, on, on.candidate(name), page.get(i), ignored, counts));
                    } catch (RuntimeException | Error e) {
                        result.completeExceptionally(e);
                    }
                }
                counts.cpu(cpuTime() - cpu0);
                return null;
            });
        }
        return results;
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** The calling thread's CPU time in ns (0 where the JVM cannot tell). */
    private static long cpuTime() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    private CompletableFuture<List<Original>> read(String name, ReplayRequest request, long after) {
        return CompletableFuture.supplyAsync(() -> store.originals(name, request.from(), request.to(), after, PAGE), io);
    }

    /** The result of a lane's or a read's work; its own failure as it was thrown. */
    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        }
    }

    /** One message, on a lane: every destination's row. */
    private static Done replay(ReplayRequest request, ReplayLane lane, ReplayCode.Loaded candidate, Original original, IgnoredPaths ignored,
                               ReplayCounts counts) {
        List<ReplayRow> rows = new ArrayList<>();
        DryRun.Message message = new DryRun.Message(original.payload(), charset(original.charset()), original.id(), original.receivedAt(),
                original.origin());
        Map<String, Ran> now = run(candidate, message, request.destinations());
        boolean ranAway = false;
        for (Ran r : now.values()) {
            counts.transformed(r.outcome().nanos());
            ranAway |= r.outcome().runaway();
        }
        Map<String, Ran> again = null; // the recorded revision's runs, made once per message when needed
        Set<String> seen = new LinkedHashSet<>();
        for (Original.Recorded rec : original.deliveries()) {
            if (!request.destinations().isEmpty() && !request.destinations().contains(rec.destination())) continue;
            seen.add(rec.destination());
            Ran ran = now.get(rec.destination());
            Side recorded = Side.recorded(rec.status(), rec.lastError());
            if (ran == null) {
                rows.add(row(original, rec, RowKind.DECISION_CHANGED, recorded.decision().key() + " → not queued: the candidate has no destination "
                        + rec.destination(), null, "decision", null, List.of()));
                continue;
            }
            Side side = side(ran);
            byte[] baselineBytes = rec.output();
            Charset baselineCharset = charset(rec.outputCharset());
            io.ductus.format.hl7.Hl7Message baselineRead = null; // the re-run's output, already read
            String baseline = baselineBytes != null ? "kept output" : "decision";
            Side rerun = null;
            if (baselineBytes == null && recorded.decision() == Decision.SENT && rec.revision() != null && !side.refused()) {
                ReplayCode.Loaded old = lane.code().recorded(original.interfaceName(), rec.revision());
                if (old.problem() != null) {
                    rows.add(row(original, rec, RowKind.NOT_COMPARABLE, "no output was kept and " + old.problem(), side, baseline, null, List.of()));
                    continue;
                }
                if (again == null) again = run(old, message, request.destinations());
                Ran before = again.get(rec.destination());
                baseline = "revision " + rec.revision() + " run again";
                if (before == null) {
                    rerun = new Side(Decision.FILTERED, "revision " + rec.revision() + " has no destination " + rec.destination(), false, false);
                } else {
                    rerun = side(before);
                    baselineBytes = before.outcome().output();
                    baselineCharset = before.outcome().charset();
                    baselineRead = before.outcome().hl7();
                }
            }
            long c0 = System.nanoTime();
            List<Difference> differences = List.of();
            String comparedBy = null;
            byte[] output = ran.outcome().output();
            if (baselineBytes != null && output != null) {
                if (!Arrays.equals(baselineBytes, output) || !baselineCharset.equals(ran.outcome().charset())) {
                    Format format = outputFormat(candidate, rec.destination());
                    OutputDifferences.Compared compared = OutputDifferences.between(format, baselineBytes, baselineCharset, baselineRead,
                            format, output, ran.outcome().charset(), ran.outcome().hl7());
                    differences = compared.differences();
                    comparedBy = compared.by();
                }
            }
            ReplayJudge.Verdict verdict = ReplayJudge.judge(recorded, rerun, side, differences, baselineBytes != null, ignored);
            counts.spent(0, System.nanoTime() - c0, 0);
            rows.add(row(original, rec, verdict.kind(), verdict.note(), side, baseline, verdict.kind() == RowKind.CHANGED ? comparedBy : null,
                    verdict.differences()));
        }
        for (Ran r : now.values()) {
            if (seen.contains(r.outcome().destination())) continue;
            rows.add(new ReplayRow(original.interfaceName(), original.id(), original.receivedAt(), r.outcome().destination(),
                    RowKind.NOT_COMPARABLE, "nothing on record for this destination (new in the candidate)", Decision.PENDING, null,
                    side(r).decision(), side(r).reason(), null, "decision", null, List.of()));
        }
        return new Done(original.id(), rows, ranAway);
    }

    private static ReplayRow row(Original original, Original.Recorded rec, RowKind kind, String note, Side side, String baseline,
                                 String comparedBy, List<Difference> differences) {
        Side recorded = Side.recorded(rec.status(), rec.lastError());
        return new ReplayRow(original.interfaceName(), original.id(), original.receivedAt(), rec.destination(), kind, note,
                recorded.decision(), recorded.reason(), side == null ? null : side.decision(), side == null ? null : side.reason(),
                rec.revision(), baseline, comparedBy, differences);
    }

    /** One destination's outcome and what its code tried to write (null: nothing). */
    private record Ran(DryRun.Outcome outcome, String refused) {
    }

    private static Map<String, Ran> run(ReplayCode.Loaded loaded, DryRun.Message message, Set<String> only) {
        List<String> refused = new ArrayList<>();
        loaded.refusals().take();
        boolean[] first = {true};
        List<DryRun.Outcome> outcomes = loaded.run().run(message, only, d -> {
            if (!first[0]) refused.add(loaded.refusals().take());
            first[0] = false;
        });
        refused.add(loaded.refusals().take());
        Map<String, Ran> byDestination = new HashMap<>();
        for (int i = 0; i < outcomes.size(); i++) byDestination.put(outcomes.get(i).destination(), new Ran(outcomes.get(i), refused.get(i)));
        return byDestination;
    }

    private static Side side(Ran ran) {
        DryRun.Outcome o = ran.outcome();
        if (ran.refused() != null) return new Side(decision(o.decision()), ran.refused(), o.thrown(), true);
        return new Side(decision(o.decision()), o.reason(), o.thrown(), false);
    }

    private static Decision decision(DryRun.Decision d) {
        return switch (d) {
            case SENT -> Decision.SENT;
            case FILTERED -> Decision.FILTERED;
            case QUARANTINED -> Decision.QUARANTINED;
            case RETRY -> Decision.RETRY;
        };
    }

    private static Format outputFormat(ReplayCode.Loaded candidate, String destination) {
        DestinationDefinition d = candidate.definition().destinations().get(destination);
        return d == null ? Format.TEXT : d.outputFormat();
    }

    /** Charsets by the names rows give (a few, looked up twice a row). */
    private static final Map<String, Charset> CHARSETS = new java.util.concurrent.ConcurrentHashMap<>();

    private static Charset charset(String name) {
        if (name == null) return StandardCharsets.UTF_8;
        Charset known = CHARSETS.get(name);
        if (known != null) return known;
        Charset found;
        try {
            found = Charset.forName(name);
        } catch (RuntimeException e) {
            found = StandardCharsets.UTF_8;
        }
        if (CHARSETS.size() < 64) CHARSETS.put(name, found);
        return found;
    }
}
