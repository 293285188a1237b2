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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A real {@code bin/ductus} child process from the built distribution, with its output captured. */
final class DuctusProcess implements AutoCloseable {

    static final Pattern STARTED = Pattern.compile(
            "ductus started in (\\d+) ms \\(api (http://[^,]+), database ([^,]+), (\\d+) interfaces?\\)");

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    private final Thread reader;
    private String apiUrl;

    private DuctusProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) stdout.add(line);
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
        List<String> command = new ArrayList<>();
        command.add(distribution().resolve("bin/ductus").toString());
        command.addAll(List.of(args));
        Files.createDirectories(workDir);
        Path stderr = Files.createTempFile(workDir, "stderr", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectError(stderr.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        DuctusProcess started = new DuctusProcess(builder.start(), stderr);
        EngineLogOnFailure.started(started);
        return started;
    }

    /** Waits for the started line and returns its parts. */
    Matcher awaitStarted() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
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
        }
        throw new AssertionError("no started line within 60 s; stderr:\n" + stderr());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(apiUrl + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
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
