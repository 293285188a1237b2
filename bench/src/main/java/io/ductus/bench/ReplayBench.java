package io.ductus.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.Stored;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Replay on a live engine: 100,000 stored ORU^R01 messages of {@code oru-lab} (the transform benchmark's
 * code on three destinations that keep their output, recorded as its workers would have left them: sent,
 * the deployed revision's output, revision 1) replayed through a candidate that changes one field
 * ({@code MSH-6}), by {@code ductus serve} (a child process) on SQLite, while 16 senders that wait for each
 * ACK keep sending to an MLLP interface.
 *
 * <p>{@code total_s} and {@code rows_per_s}: the replay job as the engine reports it (reading, the candidate's
 * transforms, comparing, saving the 300,000 changed rows). Reference in the same run: {@code transform_per_s},
 * the candidate's transforms alone on the same threads (their own time, measured around each call), so
 * {@code replay_over_transform} = rows per second of the replay ÷ transforms per second says what reading,
 * comparing and reporting cost; {@code ingest_during_over_alone}: ACKs per second during the replay ÷ in
 * a window of the same length just before it.
 */
final class ReplayBench implements BenchMain.Scenario {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORU = "ORU_R01_v2.3_cdcti-Oracle.hl7";
    private static final List<String> DESTINATIONS = List.of("archive", "billing", "ehr");
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String api;
    private String token;

    /** An engine serving the period on record: its process, API, a token (operator), project folder and the adt-in port. */
    record Prepared(Process engine, String api, String token, Path project, Path data, Path ductus, int port) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            stop(engine);
        }
    }

    /**
     * oru-lab's project with {@code messages} stored ORU^R01 messages (the last hour, each with the deployed code's
     * outputs on its three destinations, as the workers would have left them), and ductus serve on it.
     */
    Prepared prepare(Path root, Path work, int messages) throws Exception {
        TrialBench.deleteQuietly(work);
        Path project = work.resolve("project");
        Path data = work.resolve("data");
        int port = MllpIngestBench.freePort();
        writeProject(project, port);
        Path ductus = root.resolve("server-launcher/target/ductus/bin/ductus");
        byte[] oru = TrialBench.resource(ORU);

        // 1. The deployed code's outputs of the message (a trial of the deployed revision), then the engine stops.
        Map<String, byte[]> outputs;
        Process engine = start(ductus, project, data, work.resolve("first.log"));
        try {
            outputs = deployedOutputs(new String(oru, StandardCharsets.ISO_8859_1));
        } finally {
            stop(engine);
        }
        // 2. The period on record, stored as intake and the workers would have left it.
        long t0 = System.nanoTime();
        fill(data.resolve("ductus.db"), oru, outputs, messages);
        System.out.printf("replay: %,d messages × 3 destinations stored with their outputs in %.1f s%n", messages, (System.nanoTime() - t0) / 1e9);
        engine = start(ductus, project, data, work.resolve("engine.log"));
        return new Prepared(engine, api, token, project, data, ductus, port);
    }

    /** The candidate every replay of the benchmarks runs: oru-lab's code with MSH-6 changed, and lib/. */
    static Map<String, String> candidate(Path project) throws IOException {
        String dir = "interfaces/oru-lab/";
        return Map.of(dir + "interface.yaml", Files.readString(project.resolve(dir + "interface.yaml")),
                dir + "transform.js", Files.readString(project.resolve(dir + "transform.js")).replace("'MAIN'", "'MAIN-2'"),
                "lib/lab-codes.js", Files.readString(project.resolve("lib/lab-codes.js")));
    }

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int messages = quick ? 10_000 : 100_000;
        Prepared prepared = prepare(root, root.resolve("bench/target/replay"), messages);
        Process engine = prepared.engine();
        Path project = prepared.project();
        int port = prepared.port();
        try {
            System.out.printf("replay: ductus serve, api %s; 16 senders to adt-in (MLLP, strict)%n", api);
            TrialBench.Traffic senders = TrialBench.Traffic.flat(port, 16);
            try {
                Thread.sleep(quick ? 2000 : 5000); // warm
                String warm = System.getenv("BENCH_REPLAY_WARM");
                long warmTransforms = warm == null || warm.isBlank() ? 0 : Long.parseLong(warm.strip());
                long w0 = System.nanoTime();
                long warmed = warmTransforms > 0 ? runDeployedCode(new String(TrialBench.resource(ORU), StandardCharsets.ISO_8859_1), warmTransforms) : 0;
                double warmSeconds = warmed > 0 ? (System.nanoTime() - w0) / 1e9 : 0;
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("interface", "oru-lab");
                body.put("from", "2020-01-01T00:00:00Z");
                body.put("candidate", "files");
                body.put("files", candidate(project));
                // the ACK rate alone, over a window as long as the replay will take (estimated from the target), then during it
                long aloneWindow = quick ? 3_000 : 8_000;
                long a0 = senders.acked.get();
                long s0 = System.nanoTime();
                ThreadCpu aloneCpu = ThreadCpu.since(engine, ReplayBench::threadGroup);
                Thread.sleep(aloneWindow);
                double aloneSeconds = (System.nanoTime() - s0) / 1e9;
                double alone = (senders.acked.get() - a0) / aloneSeconds;
                Map<String, Double> cpuAlone = aloneCpu.seconds();
                long d0 = senders.acked.get();
                long r0 = System.nanoTime();
                ThreadCpu threadCpu = ThreadCpu.since(engine, ReplayBench::threadGroup);
                JsonNode job = replay(body, threadCpu::sample);
                Map<String, Double> cpuByThread = threadCpu.seconds();
                long id = job.get("id").asLong();
                double during = (senders.acked.get() - d0) / ((System.nanoTime() - r0) / 1e9);
                if (System.getenv("BENCH_REPLAY_AGAIN") != null) {
                    // the same replay once more on the engine the first one warmed (its JIT, GraalJS's compiler itself
                    // included, and the candidate's compiled code), the senders still sending: what the first paid to warm up
                    again("replay again on the warm engine", engine, body);
                    // a candidate the engine has not seen (another text of transform.js): what a second draft costs
                    Map<String, Object> other = new LinkedHashMap<>(body);
                    Map<String, String> files = new LinkedHashMap<>(candidate(project));
                    files.computeIfPresent("interfaces/oru-lab/transform.js", (k, v) -> v.replace("'MAIN-2'", "'MAIN-3'"));
                    other.put("files", files);
                    again("replay again, a new candidate text", engine, other);
                }
                senders.close();
                JsonNode s = job.get("summary");
                if (!job.get("status").asText().equals("done") || s.at("/kinds/changed").asLong() != 3L * messages) {
                    throw new IllegalStateException("the replay did not report every row changed: " + job);
                }
                double total = s.get("seconds").asDouble();
                double rows = s.get("rows").asLong() / total;
                double transforms = s.get("transformsPerSecond").asDouble();
                System.out.printf("replay %d: %,d messages, %,d rows (all changed: %s) in %.2f s, %,.0f rows/s; the candidate's transforms"
                                + " alone %,.0f/s (%.2f s of the %.2f s)%n", id, s.get("messages").asLong(), s.get("rows").asLong(),
                        s.at("/topFields/0/field").asText(), total, rows, transforms, s.get("transformSeconds").asDouble(), total);
                System.out.printf("where the replay's time went: reading %.2f s, transforms %.2f s, comparing %.2f s, saving rows %.2f s%n",
                        s.get("readSeconds").asDouble(), s.get("transformSeconds").asDouble(), s.get("compareSeconds").asDouble(),
                        s.get("saveSeconds").asDouble());
                double cpu = s.path("cpuSeconds").asDouble();
                System.out.printf("the lanes' CPU: %.2f s of their %d × %.2f s (the rest waiting for the CPU at nice 19), %,.0f rows per"
                        + " CPU-second%n", cpu, s.get("threads").asInt(), total, cpu > 0 ? s.get("rows").asLong() / cpu : 0);
                System.out.printf("ingest (16 strict MLLP senders): %,.0f ACKs/s alone, %,.0f during the replay; refused %d%n", alone, during,
                        senders.refused.get());
                System.out.println("the engine's CPU during the replay, by thread: " + ThreadCpu.format(cpuByThread));
                System.out.printf("the engine's CPU in the %.1f s before it (ingest alone), by thread: %s; at that rate over the replay's %.2f s:"
                                + " %.2f s%n", aloneSeconds, ThreadCpu.format(cpuAlone), total,
                        cpuAlone.get("process") / aloneSeconds * total);
                if (cpu > 0) {
                    // the lanes' CPU shared out over their phases by the phases' own (wall) times on the lanes: a lane waits for
                    // the CPU alike in each, so the shares are the phases' shares of its CPU
                    double phases = s.get("readSeconds").asDouble() + s.get("transformSeconds").asDouble() + s.get("compareSeconds").asDouble()
                            + s.get("saveSeconds").asDouble();
                    System.out.printf("the lanes' %.2f CPU-s by phase (their share of the phases' times): transforms %.2f, comparing %.2f,"
                                    + " reading %.2f, saving rows %.2f (the reading and saving threads themselves: %.2f)%n", cpu,
                            cpu * s.get("transformSeconds").asDouble() / phases, cpu * s.get("compareSeconds").asDouble() / phases,
                            cpu * s.get("readSeconds").asDouble() / phases, cpu * s.get("saveSeconds").asDouble() / phases,
                            cpuByThread.getOrDefault("replay io", 0.0));
                }
                System.out.printf("RESULT replay rows_per_s=%.0f transform_per_s=%.0f replay_over_transform=%.2f total_s=%.2f"
                                + " ingest_during_over_alone=%.2f ingest_alone_per_s=%.0f ingest_during_per_s=%.0f messages=%d threads=%d"
                                + " lane_cpu_s=%.2f engine_cpu_s=%.2f compile_cpu_s=%.2f warm_s=%.0f warm_transforms=%d load=%s%n",
                        rows, transforms, rows / transforms, total, during / alone, alone, during, messages, s.get("threads").asInt(), cpu,
                        cpuByThread.get("process"), cpuByThread.getOrDefault(TRUFFLE, 0.0) + cpuByThread.getOrDefault(HOTSPOT_JIT, 0.0),
                        warmSeconds, warmed, LoadAverage.lastMinute());
            } finally {
                senders.close();
            }
        } finally {
            stop(engine);
        }
    }

    /** One more replay on the warmed engine, printed with the engine's CPU by thread group while it ran. */
    private void again(String what, Process engine, Map<String, Object> body) throws Exception {
        ThreadCpu cpu = ThreadCpu.since(engine, ReplayBench::threadGroup);
        JsonNode again = replay(body, cpu::sample).get("summary");
        Map<String, Double> byThread = cpu.seconds();
        double seconds = again.get("seconds").asDouble();
        long rows = again.get("rows").asLong();
        double lanes = again.path("cpuSeconds").asDouble();
        double process = byThread.getOrDefault("process", 0.0);
        System.out.printf("%s: %.2f s, %,.0f rows/s, the lanes' CPU %.2f s (%,.0f rows per lane CPU-second), the engine's %.2f s"
                        + " (%,.0f rows per engine CPU-second), load %s%n", what, seconds, rows / seconds, lanes, lanes > 0 ? rows / lanes : 0,
                process, process > 0 ? rows / process : 0, LoadAverage.lastMinute());
        System.out.printf("  where the time went: reading %.2f s, transforms %.2f s (%,.0f/s), comparing %.2f s, saving rows %.2f s%n",
                again.get("readSeconds").asDouble(), again.get("transformSeconds").asDouble(), again.get("transformsPerSecond").asDouble(),
                again.get("compareSeconds").asDouble(), again.get("saveSeconds").asDouble());
        System.out.println("  the engine's CPU, by thread: " + ThreadCpu.format(byThread));
    }

    static final String TRUFFLE = "GraalJS compiler";
    static final String HOTSPOT_JIT = "HotSpot JIT (C1, C2)";

    /** What an engine thread is, by its name as Linux keeps it (15 characters). */
    static String threadGroup(String name) {
        if (name.startsWith("ductus-replay-i")) return "replay io";
        if (name.startsWith("ductus-replay")) return "replay lanes";
        if (name.startsWith("Truffle")) return TRUFFLE;
        if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) return HOTSPOT_JIT;
        if (name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("VM ")) return "GC and VM";
        return "intake, workers, API, other";
    }

    /**
     * What a production engine has done before anyone replays: run the deployed code, all day. The deployed revision's
     * transforms (trials of it, 50 messages a call, through the same shared GraalJS engine), {@code transforms} of them, so
     * its compiled code (the shared lib/ and the prelude), GraalJS's compiler compiled by HotSpot, and the HL7
     * parser are what they would be; the candidate's own transform.js stays new code. A number of transforms, not a
     * time: on a loaded machine a time would be little work. Answers the transforms run.
     */
    private long runDeployedCode(String message, long transforms) throws Exception {
        List<Map<String, String>> messages = new ArrayList<>();
        for (int i = 0; i < 50; i++) messages.add(Map.of("payload", message));
        String body = JSON.writeValueAsString(Map.of("code", "deployed", "messages", messages));
        long t0 = System.nanoTime();
        long n = 0;
        while (n < transforms) {
            call("POST", "/api/v1/interfaces/oru-lab/trial", body);
            n += 50L * DESTINATIONS.size();
        }
        System.out.printf("replay: the engine ran the deployed code first (as a production engine has): %,d transforms in %.1f s%n", n,
                (System.nanoTime() - t0) / 1e9);
        return n;
    }

    /** Starts a replay job and waits for its end. */
    private JsonNode replay(Map<String, Object> body, Runnable whileRunning) throws Exception {
        JsonNode job = JSON.readTree(call("POST", "/api/v1/replays", body).body());
        long id = job.get("id").asLong();
        while (job.get("status").asText().equals("running")) {
            Thread.sleep(100);
            whileRunning.run();
            job = JSON.readTree(call("GET", "/api/v1/replays/" + id, null).body());
        }
        return job;
    }

    private Process start(Path ductus, Path project, Path data, Path stderr) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(ductus.toString(), "serve", "--project", project.toString(), "--data", data.toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", project.resolveSibling("plugins").toString()).redirectError(stderr.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process engine = pb.start();
        api = TrialBench.awaitStarted(engine, stderr);
        if (token == null) token = TrialBench.token(ductus, project, data);
        return engine;
    }

    static void stop(Process engine) throws InterruptedException {
        engine.destroy();
        if (!engine.waitFor(60, TimeUnit.SECONDS)) engine.destroyForcibly();
    }

    private Map<String, byte[]> deployedOutputs(String message) throws Exception {
        String body = JSON.writeValueAsString(Map.of("code", "deployed", "messages", List.of(Map.of("payload", message))));
        JsonNode t = JSON.readTree(call("POST", "/api/v1/interfaces/oru-lab/trial", body).body());
        Map<String, byte[]> outputs = new LinkedHashMap<>();
        for (JsonNode d : t.at("/messages/0/destinations")) {
            if (!d.get("decision").asText().equals("sent")) throw new IllegalStateException("the deployed code did not send: " + d);
            outputs.put(d.get("destination").asText(), d.get("output").asText().getBytes(StandardCharsets.ISO_8859_1));
        }
        return outputs;
    }

    private static void fill(Path db, byte[] payload, Map<String, byte[]> outputs, int messages) {
        long now = System.currentTimeMillis() - 3_600_000L;
        try (JdbcStore store = SqliteStores.open(db)) {
            for (int done = 0; done < messages; ) {
                int n = Math.min(500, messages - done);
                List<NewMessage> batch = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    batch.add(new NewMessage(now + done + i, payload, "ISO-8859-1", "P" + ((done + i) % 5000), (done + i) % 8, null,
                            DESTINATIONS, "bench"));
                }
                List<Stored> stored = store.store(IntakeBatch.of("oru-lab", Durability.RELAXED, batch), now);
                List<DeliveryOutcome> outcomes = new ArrayList<>();
                for (Stored s : stored) {
                    for (String d : DESTINATIONS) {
                        outcomes.add(DeliveryOutcome.sent(s.id(), new DestinationRef("oru-lab", d), 1, outputs.get(d), "ISO-8859-1").withRevision(1));
                    }
                }
                store.record(outcomes, now);
                done += n;
            }
        }
    }

    private HttpResponse<String> call(String method, String path, Object body) throws Exception {
        String json = body == null ? null : body instanceof String s ? s : JSON.writeValueAsString(body);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api + path)).header("Authorization", "Bearer " + token)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) b.header("Content-Type", "application/json");
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) throw new IllegalStateException(method + " " + path + ": " + r.statusCode() + " " + r.body());
        return r;
    }

    private static void writeProject(Path project, int port) throws Exception {
        Files.createDirectories(project.resolve("lib"));
        Files.write(project.resolve("lib/lab-codes.js"), TrialBench.resource("project/lib/lab-codes.js"));
        Path oru = Files.createDirectories(project.resolve("interfaces/oru-lab"));
        Files.write(oru.resolve("transform.js"), TrialBench.resource("project/interfaces/oru-lab/transform.js"));
        Files.writeString(oru.resolve("interface.yaml"), """
                source: internal
                format: hl7
                destinations:
                  ehr: { type: file, path: "ehr/{id}.hl7", fsync: false, save_output: true }
                  billing: { type: file, path: "billing/{id}.hl7", fsync: false, save_output: true }
                  archive: { type: file, path: "archive/{id}.hl7", fsync: false, save_output: true }
                """);
        Path adt = Files.createDirectories(project.resolve("interfaces/adt-in"));
        Files.writeString(adt.resolve("interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                ordering: { key: PID-3.1, partitions: 8 }
                destinations:
                  out: { type: file, path: "adt/{id}.hl7", fsync: false }
                """.formatted(port));
        // BENCH_REPLAY_THREADS=N sets replay.threads (without it the engine's default: the machine's cores, at most 4)
        String threads = System.getenv("BENCH_REPLAY_THREADS");
        if (threads != null && !threads.isBlank()) Files.writeString(project.resolve("ductus.yaml"), "replay: { threads: " + threads.strip() + " }\n");
    }
}
