package io.ductus.bench;

import com.sun.net.httpserver.HttpServer;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One judging round over 1,001 interfaces ({@code bench/run alerts}): {@code ductus serve} as a child process
 * on a project of 1,001 interfaces (each an internal source and a file destination), 100 of which also have
 * an MLLP destination to a port where nothing listens, with 20 messages waiting for it (stored before the
 * start, so those 100 destinations back up, fail, and their alerts fire to a webhook in this JVM). Rounds are
 * read from the engine's own figures in /metrics ({@code ductus_health_round_seconds} and
 * {@code ductus_health_rounds}): {@code round_ms} is their mean once the alerts have settled, with a round a
 * second. {@code idle_cpu_pct} is the CPU the health and alert threads use with the default round every 15 s
 * (their own CPU time, {@code ductus_health_cpu_seconds}: rounds, sampling, saving, the outbox's polls),
 * over a minute, as a percentage of one core; beside it, the whole engine's CPU in the same minute
 * ({@code engine_cpu_pct}, mostly the idle polls of 1,101 destinations' workers) as the reference.
 */
final class AlertsBench implements BenchMain.Scenario {

    private static final int INTERFACES = 1001;
    private static final int BACKLOGGED = 100;
    private static final int WAITING = 20;
    private static final long CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux
    private static final Pattern API = Pattern.compile("api (http://[^,]+),");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path dir = root.resolve("bench/target/alerts");
        FileIngestBench.deleteTree(dir);
        Files.createDirectories(dir);
        AtomicInteger notices = new AtomicInteger();
        HttpServer hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hook.createContext("/hook", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            notices.addAndGet(body.split("\"kind\"", -1).length - 1);
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        hook.start();
        int deadPort;
        try (ServerSocket s = new ServerSocket(0)) {
            deadPort = s.getLocalPort();
        }
        try {
            long warmS = quick ? 20 : 40;
            long measureS = quick ? 20 : 60;
            System.out.printf("alerts: %d interfaces, %d of them with %d messages waiting for a receiver that is down%n", INTERFACES,
                    BACKLOGGED, WAITING);
            double[] fast = engineRun(root, dir.resolve("every-second"), "1s", deadPort, hook, warmS, measureS);
            System.out.printf("alerts: a round a second: %.1f ms a round on average over %.0f rounds (%.1f ms of the judging thread's CPU); %d notices sent%n",
                    fast[0], fast[3], fast[1], notices.get());
            double[] idle = engineRun(root, dir.resolve("default"), null, deadPort, hook, warmS, measureS);
            System.out.printf("alerts: the default round every 15 s: health and alert threads %.2f %% of a core, the whole engine %.1f %%;"
                    + " %.1f ms a round%n", idle[2], idle[4], idle[0]);
            System.out.printf(Locale.ROOT, "RESULT alerts round_ms=%.1f idle_cpu_pct=%.2f round_cpu_ms=%.1f engine_cpu_pct=%.1f interfaces=%d"
                    + " backlogged=%d rounds=%.0f load=%s%n", fast[0], idle[2], fast[1], idle[4], INTERFACES, BACKLOGGED, fast[3],
                    LoadAverage.lastMinute());
        } finally {
            hook.stop(0);
        }
    }

    /**
     * One engine: started on a fresh project and database, warmed up, then measured.
     *
     * @return mean round ms, mean round CPU ms, health threads' CPU %, rounds measured, engine CPU %
     */
    private static double[] engineRun(Path root, Path dir, String checkEvery, int deadPort, HttpServer hook, long warmS, long measureS)
            throws Exception {
        Path project = dir.resolve("project");
        Path data = dir.resolve("data");
        Files.createDirectories(data);
        writeProject(project, checkEvery, deadPort, hook);
        preload(data.resolve("ductus.db"));
        String token = token(root, project, data, dir);
        Process engine = FileIngestBench.startEngine(root, project, data, dir);
        try {
            String api = apiUrl(dir);
            Thread.sleep(warmS * 1000);
            double[] before = figures(api, token);
            long cpuBefore = FileIngestBench.cpuTicks(engine);
            long t0 = System.nanoTime();
            Thread.sleep(measureS * 1000);
            double[] after = figures(api, token);
            long cpuAfter = FileIngestBench.cpuTicks(engine);
            double wallS = (System.nanoTime() - t0) / 1e9;
            double rounds = after[0] - before[0];
            double roundMs = rounds == 0 ? Double.NaN : (after[1] - before[1]) / rounds * 1000;
            double roundCpuMs = rounds == 0 ? Double.NaN : (after[2] - before[2]) / rounds * 1000;
            double threadsPct = (after[3] - before[3]) / wallS * 100;
            double enginePct = (cpuAfter - cpuBefore) / (double) CLOCK_TICKS_PER_SECOND / wallS * 100;
            return new double[] {roundMs, roundCpuMs, threadsPct, rounds, enginePct};
        } finally {
            engine.destroy();
            engine.waitFor();
        }
    }

    private static void writeProject(Path project, String checkEvery, int deadPort, HttpServer hook) throws IOException {
        Files.createDirectories(project.resolve("interfaces"));
        Files.writeString(project.resolve("ductus.yaml"), """
                alerts:
                  channels:
                    hook: { type: webhook, url: "http://127.0.0.1:%d/hook" }
                  rules:
                    all: { states: [stopped, stalled, error, silent, behind], notify: hook, hold: 0s }
                  group: 5s
                %s""".formatted(hook.getAddress().getPort(), checkEvery == null ? "" : "  check_every: " + checkEvery + "\n"));
        for (int i = 0; i < INTERFACES; i++) {
            Path folder = Files.createDirectories(project.resolve("interfaces").resolve(name(i)));
            String lab = i < BACKLOGGED ? "  lab: { type: mllp, connect: 127.0.0.1:" + deadPort + " }\n" : "";
            Files.writeString(folder.resolve("interface.yaml"), """
                    source: internal
                    format: hl7
                    ordering: { key: PID-3.1, partitions: 8 }
                    monitor: { behind: { waiting: 10 } }
                    destinations:
                      archive: { type: file, path: "out/{interface}/{id}.hl7" }
                    %s""".formatted(lab));
        }
    }

    private static String name(int i) {
        return String.format("feed-%04d", i);
    }

    /** The backlogged interfaces' messages, stored before the engine starts, waiting for lab only. */
    private static void preload(Path db) {
        try (JdbcStore store = SqliteStores.open(db)) {
            long now = System.currentTimeMillis();
            for (int i = 0; i < BACKLOGGED; i++) {
                List<NewMessage> batch = new ArrayList<>();
                for (int m = 0; m < WAITING; m++) {
                    byte[] payload = ("MSH|^~\\&|BENCH|H|LAB|H|20261201||ADT^A01|" + i + "-" + m + "|P|2.5\rPID|1||P" + m + "\r")
                            .getBytes(StandardCharsets.ISO_8859_1);
                    batch.add(new NewMessage(now, payload, "ISO-8859-1", "P" + m, m % 8, null, List.of("lab"), null));
                }
                store.store(IntakeBatch.of(name(i), Durability.RELAXED, batch), now);
            }
        }
    }

    static String token(Path root, Path project, Path data, Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("server-launcher/target/ductus/bin/ductus").toString(), "token", "create",
                "--name", "bench", "--role", "viewer", "--project", project.toString(), "--data", data.toString())
                .redirectError(dir.resolve("token.err").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) throw new IllegalStateException("ductus token create failed: " + Files.readString(dir.resolve("token.err")));
        return out;
    }

    static String apiUrl(Path dir) throws Exception {
        for (int i = 0; i < 100; i++) {
            Matcher m = API.matcher(Files.readString(dir.resolve("stdout.log")));
            if (m.find()) return m.group(1);
            Thread.sleep(100);
        }
        throw new IllegalStateException("no api URL in the started line");
    }

    /** rounds, round seconds, round CPU seconds, health threads' CPU seconds, from /metrics. */
    private static double[] figures(String api, String token) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/metrics"))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IllegalStateException("/metrics answered " + r.statusCode() + ": " + r.body());
        return new double[] {value(r.body(), "ductus_health_rounds_total"), value(r.body(), "ductus_health_round_seconds_total"),
                value(r.body(), "ductus_health_round_cpu_seconds_total"), value(r.body(), "ductus_health_cpu_seconds_total")};
    }

    private static double value(String metrics, String name) {
        try (BufferedReader r = new BufferedReader(new java.io.StringReader(metrics))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(name + " ")) return Double.parseDouble(line.substring(name.length() + 1).strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("no " + name + " in /metrics");
    }
}
