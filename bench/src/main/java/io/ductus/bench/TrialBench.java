package io.ductus.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Designing on a live engine: {@code ductus serve} (a child process) with 100 interfaces, 99 of them
 * MLLP listeners of which 8 take steady traffic, and {@code oru-lab}, the transform benchmark's ORU^R01
 * code on three destinations.
 *
 * <ul>
 *   <li>Trial: a user's draft of oru-lab (the deployed code with one change) run on the ORU message, every
 *       destination, compared with the deployed revision's output, through {@code POST …/trial} over HTTP,
 *       warm (after a warm-up): p50 and p99 from the client's send to its last byte.</li>
 *   <li>Deploy: a change of one of the busy interfaces (if-050) deployed live, several times: the API call's
 *       duration (checks, tests, files, record, swap), how long the interface's gate was closed, and until its
 *       new workers ran. Every sender must have every message acknowledged meanwhile.</li>
 * </ul>
 * Reference in the same run: {@code GET /api/v1/health} round trips (the API's own floor) interleaved with
 * the trials, and the trial's time on the server as it reports it.
 */
final class TrialBench implements BenchMain.Scenario {

    private static final Pattern STARTED = Pattern.compile("ductus started in \\d+ ms \\(api (http://[^,]+),");
    private static final String RESOURCES = "/io/ductus/bench/transform/";
    static final String ORU = "ORU_R01_v2.3_cdcti-Oracle.hl7";
    private static final int INTERFACES = 100;
    private static final String DEPLOYED = "if-050";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String api;
    private String token;

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path work = root.resolve("bench/target/trial");
        deleteQuietly(work);
        Path project = work.resolve("project");
        Path data = work.resolve("data");
        List<Integer> ports = writeProject(project);
        Path stderr = work.resolve("stderr.log");
        Path ductus = root.resolve("server-launcher/target/ductus/bin/ductus");
        ProcessBuilder pb = new ProcessBuilder(ductus.toString(), "serve", "--project", project.toString(), "--data", data.toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", work.resolve("plugins").toString()).redirectError(stderr.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process engine = pb.start();
        try {
            api = awaitStarted(engine, stderr);
            token = token(ductus, project, data);
            System.out.printf("trial: ductus serve with %d interfaces (99 MLLP listeners, 8 of them busy; oru-lab with 3 destinations), api %s%n",
                    INTERFACES, api);
            Traffic traffic = new Traffic(ports, 8, 40);
            try {
                Thread.sleep(quick ? 1000 : 3000);
                double[] trial = trials(project, quick ? 30 : 150, quick ? 60 : 300);
                List<long[]> deploys = deploys(project, quick ? 2 : 5);
                long sent = traffic.acked.get();
                traffic.close();
                deploys.sort(Comparator.comparingLong(d -> d[0]));
                long deployMs = deploys.get(deploys.size() / 2)[0];
                List<Long> pauses = deploys.stream().map(d -> d[1]).sorted().toList();
                List<Long> handovers = deploys.stream().map(d -> d[2]).sorted().toList();
                System.out.printf("deploy of %s, %d times live while 8 interfaces take traffic: %s ms (the API call); gate closed %s ms;"
                                + " new workers running after %s ms%n", DEPLOYED, deploys.size(),
                        deploys.stream().map(d -> Long.toString(d[0])).toList(), pauses, handovers);
                System.out.printf("traffic: %d messages acknowledged AA, %d answered otherwise or not at all%n", sent, traffic.refused.get());
                System.out.printf("RESULT trial trial_p50_ms=%.1f trial_p99_ms=%.1f deploy_ms=%d swap_pause_ms=%d swap_pause_max_ms=%d"
                                + " handover_ms=%d trial_server_p50_ms=%.1f api_p50_ms=%.1f api_p99_ms=%.1f traffic_acked=%d traffic_refused=%d"
                                + " interfaces=%d%n",
                        trial[0], trial[1], deployMs, pauses.get(pauses.size() / 2), pauses.get(pauses.size() - 1),
                        handovers.get(handovers.size() / 2), trial[2], trial[3], trial[4], sent, traffic.refused.get(), INTERFACES);
            } finally {
                traffic.close();
            }
        } finally {
            engine.destroy();
            if (!engine.waitFor(30, TimeUnit.SECONDS)) engine.destroyForcibly();
        }
    }

    /** [p50, p99, server p50, health p50, health p99, server p99] of warm trials, in ms. */
    private double[] trials(Path project, int warmup, int measured) throws Exception {
        String dir = "interfaces/oru-lab/";
        Map<String, String> files = new LinkedHashMap<>();
        files.put(dir + "interface.yaml", Files.readString(project.resolve(dir + "interface.yaml")));
        files.put(dir + "transform.js", Files.readString(project.resolve(dir + "transform.js")).replace("'MAIN'", "'MAIN-2'"));
        call("PUT", "/api/v1/interfaces/oru-lab/draft", Map.of("base", revision("oru-lab"), "files", files));
        String message = new String(resource(ORU), StandardCharsets.ISO_8859_1);
        String body = JSON.writeValueAsString(Map.of("code", "draft", "compare", "deployed", "messages", List.of(Map.of("payload", message))));
        JsonNode first = JSON.readTree(post("/api/v1/interfaces/oru-lab/trial", body).body());
        if (!first.get("problems").isEmpty() || first.at("/messages/0/destinations").size() != 3) {
            throw new IllegalStateException("the trial did not run on three destinations: " + first);
        }
        for (JsonNode d : first.at("/messages/0/destinations")) {
            if (!d.get("decision").asText().equals("sent") || d.get("differences").isEmpty()) {
                throw new IllegalStateException("destination " + d.get("destination") + " did not come out as expected: " + d);
            }
        }
        for (int i = 0; i < warmup; i++) post("/api/v1/interfaces/oru-lab/trial", body);
        List<Double> client = new ArrayList<>();
        List<Double> server = new ArrayList<>();
        List<Double> health = new ArrayList<>();
        for (int i = 0; i < measured; i++) {
            long t0 = System.nanoTime();
            HttpResponse<String> r = post("/api/v1/interfaces/oru-lab/trial", body);
            client.add((System.nanoTime() - t0) / 1e6);
            server.add(JSON.readTree(r.body()).get("tookMs").asDouble());
            long t1 = System.nanoTime();
            http.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/health")).build(), HttpResponse.BodyHandlers.ofString());
            health.add((System.nanoTime() - t1) / 1e6);
        }
        double[] result = {percentile(client, 50), percentile(client, 99), percentile(server, 50), percentile(health, 50),
                percentile(health, 99), percentile(server, 99)};
        System.out.printf("warm trial of oru-lab's draft (ORU^R01, 3 destinations, compared with the deployed revision), %d after %d warm-up:"
                        + " p50 %.1f ms, p99 %.1f ms (on the server p50 %.1f ms, p99 %.1f ms); GET /health p50 %.1f ms, p99 %.1f ms%n",
                measured, warmup, result[0], result[1], result[2], result[5], result[3], result[4]);
        return result;
    }

    /** Each deploy's [API call ms, gate closed ms, handover ms]. */
    private List<long[]> deploys(Path project, int rounds) throws Exception {
        List<long[]> results = new ArrayList<>();
        String dir = "interfaces/" + DEPLOYED + "/";
        for (int i = 0; i < rounds; i++) {
            Map<String, String> files = new LinkedHashMap<>();
            files.put(dir + "interface.yaml", Files.readString(project.resolve(dir + "interface.yaml")));
            files.put(dir + "transform.js", code("V" + (i + 2)));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("base", revision(DEPLOYED));
            body.put("files", files);
            body.put("message", "bench round " + i);
            long t0 = System.nanoTime();
            HttpResponse<String> r = post("/api/v1/interfaces/" + DEPLOYED + "/deploy", JSON.writeValueAsString(body));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            JsonNode d = JSON.readTree(r.body());
            if (r.statusCode() != 200 || !d.at("/swap/live").asBoolean()) throw new IllegalStateException("deploy failed: " + r.body());
            results.add(new long[] {ms, d.at("/swap/gateClosedMs").asLong(), d.at("/swap/handoverMs").asLong()});
            Thread.sleep(500);
        }
        return results;
    }

    private int revision(String name) throws Exception {
        return JSON.readTree(call("GET", "/api/v1/interfaces/" + name, null).body()).get("revision").asInt();
    }

    private HttpResponse<String> post(String path, String json) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(api + path)).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> call(String method, String path, Object body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api + path)).header("Authorization", "Bearer " + token)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (body != null) b.header("Content-Type", "application/json");
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) throw new IllegalStateException(method + " " + path + ": " + r.statusCode() + " " + r.body());
        return r;
    }

    private static String code(String version) {
        return "export function transform(msg, meta) {\n  msg.set('MSH-4', '" + version + "');\n  return msg;\n}\n";
    }

    static List<Integer> writeProject(Path project) throws IOException {
        Files.createDirectories(project.resolve("lib"));
        Files.write(project.resolve("lib/lab-codes.js"), resource("project/lib/lab-codes.js"));
        Path oru = Files.createDirectories(project.resolve("interfaces/oru-lab"));
        Files.write(oru.resolve("transform.js"), resource("project/interfaces/oru-lab/transform.js"));
        Files.writeString(oru.resolve("interface.yaml"), """
                source: internal
                format: hl7
                destinations:
                  ehr: { type: file, path: "ehr/{id}.hl7", fsync: false }
                  billing: { type: file, path: "billing/{id}.hl7", fsync: false }
                  archive: { type: file, path: "archive/{id}.hl7", fsync: false }
                """);
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < INTERFACES - 1; i++) {
            String name = String.format("if-%03d", i);
            int port = freePort(ports);
            ports.add(port);
            Path dir = Files.createDirectories(project.resolve("interfaces").resolve(name));
            Files.writeString(dir.resolve("interface.yaml"), """
                    source: { type: mllp, listen: 127.0.0.1:%d }
                    format: hl7
                    ordering: { key: PID-3.1, partitions: 4 }
                    destinations:
                      out: { type: file, path: "%s/{id}.hl7", fsync: false }
                    """.formatted(port, name));
            Files.writeString(dir.resolve("transform.js"), code("V1"));
        }
        return ports;
    }

    static byte[] resource(String name) throws IOException {
        try (InputStream in = TrialBench.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) throw new IOException("no resource " + name);
            return in.readAllBytes();
        }
    }

    static String awaitStarted(Process engine, Path stderr) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8));
        String found = null;
        for (String line; (line = out.readLine()) != null; ) {
            Matcher m = STARTED.matcher(line);
            if (m.find()) {
                found = m.group(1);
                break;
            }
        }
        if (found == null) throw new IllegalStateException("ductus ended before starting:\n" + Files.readString(stderr));
        Thread.ofPlatform().daemon(true).start(() -> {
            try {
                while (out.readLine() != null) {
                    // keep the pipe drained
                }
            } catch (IOException ignored) {
                // ended
            }
        });
        return found;
    }

    /** A token of {@code role} in the engine's database ({@code database}: null for the data folder's SQLite file). */
    static String tokenOf(Path ductus, Path project, Path data, String role, String database) throws Exception {
        List<String> command = new ArrayList<>(List.of(ductus.toString(), "token", "create", "--name", "bench-" + System.nanoTime(),
                "--role", role, "--project", project.toString(), "--data", data.toString()));
        if (database != null) command.addAll(List.of("--database", database));
        return created(command);
    }

    static String token(Path ductus, Path project, Path data, String... permissions) throws Exception {
        List<String> command = new ArrayList<>(List.of(ductus.toString(), "token", "create", "--name", "bench-" + System.nanoTime(), "--role",
                "operator", "--project", project.toString(), "--data", data.toString()));
        for (String p : permissions) command.addAll(List.of("--permission", p));
        return created(command);
    }

    private static String created(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) throw new IllegalStateException("ductus token create failed: " + new String(p.getErrorStream().readAllBytes()));
        return out;
    }

    /**
     * Senders to MLLP ports, each waiting for its ACK: at a steady rate to some of the interfaces (if-050
     * among them), or as fast as the engine answers ({@link #flat}).
     */
    static final class Traffic implements AutoCloseable {
        final AtomicLong acked = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        private final List<Thread> threads = new ArrayList<>();
        private volatile boolean stop;

        Traffic(List<Integer> ports, int interfaces, int perSecond) {
            List<Integer> busy = new ArrayList<>();
            busy.add(ports.get(50));
            for (int i = 0; busy.size() < interfaces; i += 12) if (i != 50) busy.add(ports.get(i));
            for (int port : busy) threads.add(Thread.ofPlatform().daemon(true).start(() -> send(port, perSecond)));
        }

        private Traffic() {
        }

        /** {@code connections} senders to one port, each sending its next message as soon as the last is acknowledged. */
        static Traffic flat(int port, int connections) {
            Traffic t = new Traffic();
            for (int c = 0; c < connections; c++) t.threads.add(Thread.ofPlatform().daemon(true).start(() -> t.send(port, 0)));
            return t;
        }

        private void send(int port, int perSecond) {
            long n = 0;
            long next = System.nanoTime();
            while (!stop) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                    s.setSoTimeout(30_000);
                    OutputStream out = s.getOutputStream();
                    InputStream in = s.getInputStream();
                    while (!stop) {
                        String msg = "MSH|^~\\&|B|B|D|D|20261201||ADT^A01|T" + port + "-" + Thread.currentThread().threadId() + "-" + n++
                                + "|P|2.5\rPID|1||K" + (n % 50) + "\r";
                        out.write(0x0b);
                        out.write(msg.getBytes(StandardCharsets.ISO_8859_1));
                        out.write(new byte[] {0x1c, 0x0d});
                        out.flush();
                        StringBuilder ack = new StringBuilder();
                        for (int b; (b = in.read()) != 0x1c; ) {
                            if (b < 0) throw new IOException("closed");
                            ack.append((char) b);
                        }
                        in.read();
                        if (ack.indexOf("MSA|AA") >= 0) acked.incrementAndGet();
                        else refused.incrementAndGet();
                        if (perSecond == 0) continue;
                        next += 1_000_000_000L / perSecond;
                        long wait = next - System.nanoTime();
                        if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                } catch (IOException e) {
                    if (!stop) refused.incrementAndGet();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop = true;
            for (Thread t : threads) t.join(5000);
        }
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    /** A free port below the ephemeral range ({@link MllpIngestBench#freePort()}) that none of the others took. */
    private static int freePort(List<Integer> taken) throws IOException {
        for (int i = 0; i < 100; i++) {
            int port = MllpIngestBench.freePort();
            if (!taken.contains(port)) return port;
        }
        throw new IOException("no free port");
    }

    static void deleteQuietly(Path folder) throws IOException {
        if (!Files.exists(folder)) return;
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
