package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A real {@code bin/ductus} child process from the built distribution, with its output captured. */
final class DuctusProcess implements AutoCloseable {

    static final Pattern STARTED = Pattern.compile(
            "ductus started in (\\d+) ms \\(api (https?://[^,]+), database ([^,]+), (\\d+) interfaces?(.*)\\)$");

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final AtomicInteger TOKENS = new AtomicInteger();
    private static final Set<String> DATABASE_OPTIONS = Set.of("--project", "--data", "--database");

    private final Process process;
    private final Path stderr;
    private final Path workDir;
    private final List<String> args;
    private final java.util.Map<String, String> tokens = new java.util.HashMap<>();
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    /** Every line printed on standard output, kept (the queue's are taken by the waits). */
    private final List<String> printed = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Thread reader;
    private String apiUrl;

    private DuctusProcess(Process process, Path stderr, Path workDir, List<String> args) {
        this.process = process;
        this.stderr = stderr;
        this.workDir = workDir;
        this.args = args;
        reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    printed.add(line);
                    stdout.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "ductus-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    static Path distribution() {
        return Path.of(System.getProperty("ductus.dist", "target/ductus")).toAbsolutePath();
    }

    static DuctusProcess start(Path workDir, String... args) throws IOException {
        return start(java.util.Map.of(), workDir, args);
    }

    /** The same with these environment variables set for the process. */
    static DuctusProcess start(java.util.Map<String, String> environment, Path workDir, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(distribution().resolve("bin/ductus").toString());
        command.addAll(List.of(args));
        Files.createDirectories(workDir);
        Path stderr = Files.createTempFile(workDir, "stderr", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectError(stderr.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(environment);
        DuctusProcess started = new DuctusProcess(builder.start(), stderr, workDir, List.of(args));
        EngineLogOnFailure.started(started);
        return started;
    }

    /** A start whose CPU time stood still this long is waiting for something (a lock, a pipe, the network): stuck. */
    static final Duration START_STALL = Duration.ofSeconds(60);
    /** CPU time a start may use before it counts as spinning (a start uses a few seconds of it). */
    static final Duration START_CPU = Duration.ofSeconds(120);
    /** However busy the machine: a start slower than this fails anyway. */
    static final Duration START_WALL = Duration.ofMinutes(10);

    /**
     * Waits for the started line and returns its parts. The wait is a hang detector, not a speed limit (the start's
     * time is {@code bench/run startup}'s and {@code bench/run engines}'s figure): a start fails when its CPU time stood
     * still for {@link #START_STALL} (it waits for something that does not come), when it used {@link #START_CPU} of
     * CPU (it spins), or after {@link #START_WALL}, with its thread dump. A start that goes on slowly because other
     * processes take the machine's cores (at a load of 30 on two, a start got 3 s of CPU in a minute) is waited for.
     * Without Linux's {@code /proc} the start has {@link #START_STALL} in all.
     */
    Matcher awaitStarted() throws InterruptedException {
        long began = System.nanoTime();
        long cpu = cpuMillis();
        long movedAt = began;
        while (true) {
            String line = stdout.poll(200, TimeUnit.MILLISECONDS);
            if (line != null) {
                Matcher m = STARTED.matcher(line);
                if (m.matches()) {
                    apiUrl = m.group(2);
                    return m;
                }
            }
            if (!process.isAlive() && stdout.isEmpty()) {
                throw new AssertionError("ductus exited with " + process.exitValue() + " before starting; stderr:\n" + stderr());
            }
            long now = System.nanoTime();
            long used = cpuMillis();
            if (used > cpu) {
                cpu = used;
                movedAt = now;
            }
            String why = null;
            if (now - movedAt > START_STALL.toNanos()) why = "its CPU time stood still for " + START_STALL.toSeconds() + " s";
            else if (used > START_CPU.toMillis()) why = "it used " + used + " ms of CPU";
            else if (now - began > START_WALL.toNanos()) why = "it did not start within " + START_WALL.toMinutes() + " min";
            if (why != null) {
                throw new AssertionError("no started line after " + TimeUnit.NANOSECONDS.toSeconds(now - began) + " s: " + why + "; "
                        + diagnosis());
            }
        }
    }

    /** The process's CPU time (user and system) so far by Linux; -1 without {@code /proc}. */
    long cpuMillis() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10; // utime and stime, in ticks of 10 ms
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * What the process is doing, for a failure to say: its state and CPU time by Linux ({@code /proc}), what it
     * printed on standard output, its thread dump ({@code jcmd Thread.print}), and its standard error.
     */
    String diagnosis() {
        StringBuilder b = new StringBuilder("pid ").append(pid()).append(process.isAlive() ? " alive" : " ended");
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after the name: state, ppid, ... utime (14th field of the line) and stime (15th) in clock ticks of 10 ms
            b.append(", state ").append(f[0]).append(", CPU user ").append(Long.parseLong(f[11]) * 10).append(" ms, system ")
                    .append(Long.parseLong(f[12]) * 10).append(" ms, threads ").append(f[17]);
        } catch (IOException | RuntimeException e) {
            b.append(" (no /proc stat: ").append(e).append(')');
        }
        b.append("; load ");
        try {
            b.append(Files.readString(Path.of("/proc/loadavg")).strip());
        } catch (IOException e) {
            b.append('?');
        }
        b.append("\nstdout:\n").append(String.join("\n", printed));
        b.append("\nthread dump:\n").append(threadDump());
        b.append("\nstderr:\n").append(stderr());
        return b.toString();
    }

    private String threadDump() {
        if (!process.isAlive()) return "(ended)";
        try {
            Path out = Files.createTempFile(workDir, "threads", ".txt");
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid()),
                    "Thread.print", "-l").redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!jcmd.waitFor(60, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
                return "(jcmd did not answer within 60 s)\n" + Files.readString(out);
            }
            return Files.readString(out);
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        }
    }

    /** GET with an admin token (health needs none: it stays open for load balancers). */
    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(apiUrl + path)).timeout(Duration.ofSeconds(10));
        if (!path.equals("/api/v1/health")) request.header("Authorization", "Bearer " + token());
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A call with a JSON body (or none) and an admin token. */
    HttpResponse<String> send(String method, String path, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(apiUrl + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token())
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) request.header("Content-Type", "application/json");
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** GET as nobody: no credentials at all. */
    HttpResponse<String> getAnonymously(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(apiUrl + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /**
     * An admin token for this engine's database, made on first use the way an operator makes the first one:
     * {@code ductus token create} with the same project, data and database options as the serve command.
     */
    String token() throws IOException, InterruptedException {
        return token("admin");
    }

    /** Uses a token made before for the same database (by an earlier process), instead of making one. */
    synchronized DuctusProcess reusing(String role, String token) {
        tokens.put(role, token);
        return this;
    }

    /** A token with this role (viewer, operator, admin), made on first use like {@link #token()}. */
    synchronized String token(String role) throws IOException, InterruptedException {
        String made = tokens.get(role);
        if (made != null) return made;
        List<String> command = new ArrayList<>(List.of(distribution().resolve("bin/ductus").toString(), "token", "create",
                "--name", "it-" + ProcessHandle.current().pid() + "-" + TOKENS.incrementAndGet(), "--role", role));
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--example")) command.add(a);
            else if (DATABASE_OPTIONS.contains(a)) command.addAll(List.of(a, args.get(++i)));
            else if (DATABASE_OPTIONS.stream().anyMatch(o -> a.startsWith(o + "="))) command.add(a);
        }
        Path out = Files.createTempFile(workDir, "token", ".out");
        Path err = Files.createTempFile(workDir, "token", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = builder.start();
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError("ductus token create failed: " + Files.readString(err));
        }
        made = Files.readString(out).strip();
        tokens.put(role, made);
        return made;
    }

    /** The API's base URL, once started. */
    String apiUrl() {
        return apiUrl;
    }

    /** Sends SIGTERM and waits for the exit code. */
    int terminate(Duration within) throws InterruptedException {
        process.destroy();
        assertThat(process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS))
                .as("ductus stops within %s of SIGTERM", within).isTrue();
        return process.exitValue();
    }

    /** Waits for the exit code; by then every line the process printed has been read. */
    int awaitExit(Duration within) throws InterruptedException {
        assertThat(process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)).as("ductus exits within %s", within).isTrue();
        reader.join(5000);
        return process.exitValue();
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** kill -9: the JVM gets no chance to stop anything (Process.destroyForcibly sends SIGKILL on Linux). */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("ductus ends on SIGKILL").isTrue();
    }

    String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(cannot read stderr: " + e + ")";
        }
    }

    List<String> stdoutLines() {
        return new ArrayList<>(stdout);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
