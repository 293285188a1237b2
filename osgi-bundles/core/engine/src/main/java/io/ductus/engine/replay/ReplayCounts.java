package io.ductus.engine.replay;

import io.ductus.core.replay.RowKind;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replay's progress and summary: messages done of how many, rows per kind, how often each field changed,
 * the time in the candidate's transforms and in all, and how it ended. Read by the API while the job runs.
 */
final class ReplayCounts {

    /** How many of the most changed fields the summary lists. */
    static final int TOP_FIELDS = 10;

    private final EnumMap<RowKind, Long> kinds = new EnumMap<>(RowKind.class);
    private final Map<String, Long> fields = new HashMap<>();
    private long total;
    private long messages;
    private long transforms;
    private long transformNanos;
    private long elapsedNanos;
    private long readNanos;
    private long compareNanos;
    private long saveNanos;
    private long cpuNanos;
    private int threads = 1;
    private String status;
    private String reason;

    ReplayCounts() {
        for (RowKind k : RowKind.values()) kinds.put(k, 0L);
    }

    synchronized void addTotal(long n) {
        total += n;
    }

    synchronized void add(ReplayRow row) {
        kinds.merge(row.kind(), 1L, Long::sum);
        for (String f : row.fields()) fields.merge(f, 1L, Long::sum);
    }

    synchronized void message() {
        messages++;
    }

    /** How many threads the replay runs its transforms on. */
    synchronized void threads(int n) {
        threads = n;
    }

    synchronized void transformed(long nanos) {
        transforms++;
        transformNanos += nanos;
    }

    /** Time spent reading originals, comparing outputs, saving rows (where the rest of a replay's time goes). */
    synchronized void spent(long read, long compare, long save) {
        readNanos += read;
        compareNanos += compare;
        saveNanos += save;
    }

    /** CPU time a lane's thread used for its messages (its own clock). */
    synchronized void cpu(long nanos) {
        cpuNanos += nanos;
    }

    synchronized void elapsed(long nanos) {
        elapsedNanos = nanos;
    }

    synchronized void end(String status, String reason, long nanos) {
        this.status = status;
        this.reason = reason;
        this.elapsedNanos = nanos;
    }

    synchronized String status() {
        return status;
    }

    synchronized String reason() {
        return reason;
    }

    synchronized long messages() {
        return messages;
    }

    synchronized long total() {
        return total;
    }

    synchronized long rows() {
        return kinds.values().stream().mapToLong(Long::longValue).sum();
    }

    synchronized long count(RowKind kind) {
        return kinds.get(kind);
    }

    /** Rows other than same, per kind (what "anything changed" means for the CLI's exit status). */
    synchronized long differing() {
        return rows() - kinds.get(RowKind.SAME);
    }

    /** The summary as the API and the store keep it. */
    synchronized Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("messages", messages);
        m.put("total", total);
        m.put("rows", rows());
        Map<String, Long> byKind = new LinkedHashMap<>();
        for (RowKind k : RowKind.values()) byKind.put(k.key(), kinds.get(k));
        m.put("kinds", byKind);
        List<Map<String, Object>> top = fields.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP_FIELDS).map(e -> Map.<String, Object>of("field", e.getKey(), "rows", e.getValue())).toList();
        m.put("topFields", top);
        double seconds = elapsedNanos / 1e9;
        m.put("seconds", Math.round(seconds * 1000) / 1000.0);
        m.put("messagesPerSecond", seconds > 0 ? Math.round(messages / seconds) : 0);
        m.put("rowsPerSecond", seconds > 0 ? Math.round(rows() / seconds) : 0);
        m.put("transforms", transforms);
        m.put("transformSeconds", Math.round(transformNanos / 1e6) / 1000.0);
        m.put("threads", threads);
        // the rate of the transforms alone on the replay's threads (transformSeconds is their sum over the threads)
        m.put("transformsPerSecond", transformNanos > 0 ? Math.round(transforms / (transformNanos / 1e9 / threads)) : 0);
        m.put("readSeconds", Math.round(readNanos / 1e6) / 1000.0);
        m.put("compareSeconds", Math.round(compareNanos / 1e6) / 1000.0);
        m.put("saveSeconds", Math.round(saveNanos / 1e6) / 1000.0);
        // the CPU the lanes got: at the lowest priority, far less than threads × seconds on a busy machine
        m.put("cpuSeconds", Math.round(cpuNanos / 1e6) / 1000.0);
        if (status != null) m.put("status", status);
        if (reason != null) m.put("reason", reason);
        return m;
    }
}
