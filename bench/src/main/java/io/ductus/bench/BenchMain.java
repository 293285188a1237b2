package io.ductus.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every benchmark this project has or will have, by scenario name. */
public final class BenchMain {

    /** One benchmark: prints readable lines, and last the RESULT line. */
    interface Scenario {
        void run(Path root, boolean quick) throws Exception;
    }

    private record Entry(String what, Scenario scenario) {
    }

    private static Map<String, Entry> scenarios() {
        Map<String, Entry> all = new LinkedHashMap<>();
        all.put("startup", new Entry("the commands a person types, fresh processes: serve --example ready, validate, send,"
                + " test (medians), and the steps of serve's start", new StartupBench()));
        all.put("store-commit", new Entry("messages committed per second, 1 and 16 writers, SQLite and PostgreSQL, vs fsync rate",
                new StoreCommitBench()));
        all.put("mllp-ingest", new Entry("strict MLLP ingest, 1 and 16 connections, SQLite and PostgreSQL, vs fsync rate;"
                + " latency at 500 msg/s; engine CPU per message; messages per commit", new MllpIngestBench()));
        all.put("mllp-cpu", new Entry("the engine's CPU time per message, MLLP in to file out (mllp-ingest's cpu_ms_per_msg alone);"
                + " BENCH_DUCTUS_BEFORE alternates an older build, BENCH_MLLP_CPU_JFR records each run", new MllpCpuBench()));
        all.put("ack-steps", new Entry("one MLLP connection's acknowledgement timed step by step on the real path (listener,"
                + " intake, group commit, commit, back, ACK written), against the store alone and a bare echo server", new AckStepsBench(false)));
        all.put("ack-steps-pg", new Entry("ack-steps on PostgreSQL (embedded): one MLLP connection's acknowledgement step by step"
                + " (pool, statements, COMMIT), against the store alone on a database of its own in the same server", new AckStepsBench(true)));
        all.put("transform", new Entry("JavaScript ORU^R01 transform on GraalJS (optimizing): per second on one thread"
                + " after a warm-up, and on two; first-message latency in a fresh JVM", new TransformBench()));
        all.put("browse", new Entry("message browser over 1 M stored messages, SQLite and PostgreSQL: first page, status,"
                + " time range, all filters, text search (medians; target < 100 ms)", new BrowseBench()));
        all.put("file-ingest", new Entry("300,000 CSV rows through the file source into SQLite, relaxed durability: rows per"
                + " second from the file's arrival to its move to done (median of 3), the ingest window, the store alone",
                new FileIngestBench()));
        all.put("alerts", new Entry("one judging round over 1,001 interfaces (100 backlogged, their alerts firing): mean round time;"
                + " CPU of the health and alert threads at the default round every 15 s", new AlertsBench()));
        all.put("parse", new Entry("the formats module on one thread: corpus messages parsed to a tree, headers, CSV rows per"
                + " second against decoding the same bytes; then the fuzzer over 1,000,000 inputs", new ParseBench()));
        all.put("trial", new Entry("designing on a live engine of 100 interfaces: a warm trial of an ORU draft on three destinations"
                + " (p50/p99 over HTTP), a live deploy of a busy interface (API call, gate closed) while 8 take traffic",
                new TrialBench()));
        all.put("replay", new Entry("100,000 stored ORU^R01 messages × 3 destinations replayed through a candidate that changes one"
                + " field, on a live engine taking strict MLLP traffic: rows per second against the transforms alone; ACK rate during"
                + " against before", new ReplayBench()));
        all.put("retention", new Entry("strict MLLP ingest at 16 connections alone and while the engine purges 1,000,000 expired"
                + " messages, SQLite and PostgreSQL; the database's size after eight simulated weeks with a one-week window against"
                + " after one window", new RetentionBench()));
        all.put("studio", new Entry("the desktop studio: its image's start to the connect screen; first paint of 1,000 interfaces;"
                + " the longest frame gap while they get 200 events/s (headless)", new StudioBench()));
        all.put("abuse", new Entry("ACK latency p99 of one steady MLLP sender alone and beside 8 text searches, 500 idle and 50"
                + " dribbling connections, 100 unfinished 15 MB frames; the engine's resident memory during the frames",
                new AbuseBench()));
        all.put("engines", new Entry("engines on one PostgreSQL with 1,001 interfaces: one engine's start and claim time; strict"
                + " ingest of three engines against one on the same database; takeover after kill -9", new EnginesBench()));
        all.put("tls", new Entry("strict MLLP ingest at 1 and 16 connections with and without TLS, alternating in one run;"
                + " full TLS handshake p50", new TlsBench()));
        return all;
    }

    public static void main(String[] args) throws Exception {
        Map<String, Entry> all = scenarios();
        List<String> list = List.of(args);
        String name = list.stream().filter(a -> !a.startsWith("--")).findFirst().orElse(null);
        if (name == null || list.contains("--list") || list.contains("--help")) {
            System.out.println("usage: bench/run <scenario> [--quick]");
            all.forEach((n, e) -> System.out.printf("  %-14s %s%n", n, e.what()));
            System.exit(name == null && !list.contains("--list") && !list.contains("--help") ? 2 : 0);
        }
        Entry entry = all.get(name);
        if (entry == null) {
            System.err.println("bench: no scenario '" + name + "'; bench/run --list shows them");
            System.exit(2);
        }
        entry.scenario().run(Path.of(System.getProperty("ductus.root", ".")), list.contains("--quick"));
    }
}
