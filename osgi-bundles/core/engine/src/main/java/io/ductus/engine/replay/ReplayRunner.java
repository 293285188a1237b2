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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * One replay, run on the calling thread: for each interface, its originals of the period in id order, a
 * page at a time from the store's read side (the next page read ahead on a helper thread); for each, the candidate's code for every destination as a
 * worker would run it (pinned clock, seeded randomness, writes refused); then per destination the record's
 * baseline (its kept output, or the recorded revision run again) and the judgment ({@link ReplayJudge}).
 * Nothing is sent and no message or delivery is stored: rows go to the sink.
 */
final class ReplayRunner {

    static final int PAGE = 500;
    /** Runaways in a row after which the candidate is judged broken and the replay stops (as three timeouts stop an interface). */
    static final int RUNAWAYS_IN_A_ROW = 3;

    /** Where rows and progress go. */
    interface Sink {
        void row(ReplayRow row);

        /** After each page (and at the end). */
        void progress(ReplayCounts counts);
    }

    private final ReplayStore store;
    private final ReplayCode code;
    private final BooleanSupplier cancelled;
    private final java.util.concurrent.Executor io;

    /** @param io where the next page is read while one runs (the replay pool's helper threads) */
    ReplayRunner(ReplayStore store, ReplayCode code, BooleanSupplier cancelled, java.util.concurrent.Executor io) {
        this.store = store;
        this.code = code;
        this.cancelled = cancelled;
        this.io = io;
    }

    /** Every interface's candidate, checked and loaded: refused before anything runs when one has problems. */
    Map<String, ReplayCode.Loaded> prepare(ReplayRequest request) {
        Map<String, ReplayCode.Loaded> candidates = new java.util.LinkedHashMap<>();
        for (String name : request.interfaces()) candidates.put(name, code.candidate(code.candidateFiles(request, name)));
        return candidates;
    }

    /** Replays with the prepared candidates, counting into {@code counts}. */
    ReplayCounts run(ReplayRequest request, Map<String, ReplayCode.Loaded> candidates, ReplayCounts counts, Sink sink) {
        for (String name : request.interfaces()) counts.addTotal(store.count(name, request.from(), request.to()));
        sink.progress(counts);
        IgnoredPaths ignored = new IgnoredPaths(request.ignore());
        long started = System.nanoTime();
        int runaways = 0;
        outer:
        for (String name : request.interfaces()) {
            ReplayCode.Loaded candidate = candidates.get(name);
            long after = 0;
            java.util.concurrent.CompletableFuture<List<Original>> ahead = read(name, request, 0, counts);
            while (true) {
                long r0 = System.nanoTime();
                List<Original> page = ahead.join();
                counts.spent(System.nanoTime() - r0, 0, 0); // the wait for the page: the read itself overlaps the previous page's work
                if (page.isEmpty()) break;
                // the next page is read while this one runs
                ahead = page.size() < PAGE ? java.util.concurrent.CompletableFuture.completedFuture(List.of())
                        : read(name, request, page.getLast().id(), counts);
                for (Original original : page) {
                    if (cancelled.getAsBoolean()) {
                        counts.end("cancelled", "cancelled after " + counts.messages() + " message(s)", System.nanoTime() - started);
                        break outer;
                    }
                    boolean ranAway = replay(request, candidate, original, ignored, sink, counts);
                    runaways = ranAway ? runaways + 1 : 0;
                    if (runaways >= RUNAWAYS_IN_A_ROW) {
                        counts.end("failed", "the candidate ran away on " + RUNAWAYS_IN_A_ROW + " messages in a row (the last "
                                + original.id() + "): stopped", System.nanoTime() - started);
                        break outer;
                    }
                    after = original.id();
                }
                counts.elapsed(System.nanoTime() - started);
                sink.progress(counts);
                if (page.size() < PAGE) break;
            }
        }
        if (counts.status() == null) counts.end("done", null, System.nanoTime() - started);
        sink.progress(counts);
        return counts;
    }

    private java.util.concurrent.CompletableFuture<List<Original>> read(String name, ReplayRequest request, long after, ReplayCounts counts) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> store.originals(name, request.from(), request.to(), after, PAGE), io);
    }

    /** One message: every destination's row; whether the candidate ran away on it. */
    private boolean replay(ReplayRequest request, ReplayCode.Loaded candidate, Original original, IgnoredPaths ignored, Sink sink,
                           ReplayCounts counts) {
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
                row(sink, counts, original, rec, RowKind.DECISION_CHANGED, recorded.decision().key() + " → not queued: the candidate has no destination "
                        + rec.destination(), null, null, "decision", null, List.of());
                continue;
            }
            Side side = side(ran);
            byte[] baselineBytes = rec.output();
            Charset baselineCharset = charset(rec.outputCharset());
            String baseline = baselineBytes != null ? "kept output" : "decision";
            Side rerun = null;
            if (baselineBytes == null && recorded.decision() == Decision.SENT && rec.revision() != null && !side.refused()) {
                ReplayCode.Loaded old = code.recorded(original.interfaceName(), rec.revision());
                if (old.problem() != null) {
                    row(sink, counts, original, rec, RowKind.NOT_COMPARABLE, "no output was kept and " + old.problem(), side, ran, baseline,
                            null, List.of());
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
                }
            }
            long c0 = System.nanoTime();
            List<Difference> differences = List.of();
            String comparedBy = null;
            byte[] output = ran.outcome().output();
            if (baselineBytes != null && output != null) {
                if (!Arrays.equals(baselineBytes, output) || !baselineCharset.equals(ran.outcome().charset())) {
                    Format format = outputFormat(candidate, rec.destination());
                    OutputDifferences.Compared compared = OutputDifferences.between(format, baselineBytes, baselineCharset, format, output,
                            ran.outcome().charset());
                    differences = compared.differences();
                    comparedBy = compared.by();
                }
            }
            ReplayJudge.Verdict verdict = ReplayJudge.judge(recorded, rerun, side, differences, baselineBytes != null, ignored);
            counts.spent(0, System.nanoTime() - c0, 0);
            row(sink, counts, original, rec, verdict.kind(), verdict.note(), side, ran, baseline,
                    verdict.kind() == RowKind.CHANGED ? comparedBy : null, verdict.differences());
        }
        for (Ran r : now.values()) {
            if (seen.contains(r.outcome().destination())) continue;
            ReplayRow row = new ReplayRow(original.interfaceName(), original.id(), original.receivedAt(), r.outcome().destination(),
                    RowKind.NOT_COMPARABLE, "nothing on record for this destination (new in the candidate)", Decision.PENDING, null,
                    side(r).decision(), side(r).reason(), null, "decision", null, List.of());
            counts.add(row);
            sink.row(row);
        }
        counts.message();
        return ranAway;
    }

    private static void row(Sink sink, ReplayCounts counts, Original original, Original.Recorded rec, RowKind kind, String note, Side side,
                            Ran ran, String baseline, String comparedBy, List<Difference> differences) {
        Side recorded = Side.recorded(rec.status(), rec.lastError());
        ReplayRow row = new ReplayRow(original.interfaceName(), original.id(), original.receivedAt(), rec.destination(), kind, note,
                recorded.decision(), recorded.reason(), side == null ? null : side.decision(), side == null ? null : side.reason(),
                rec.revision(), baseline, comparedBy, differences);
        counts.add(row);
        sink.row(row);
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

    private static Charset charset(String name) {
        if (name == null) return StandardCharsets.UTF_8;
        try {
            return Charset.forName(name);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
