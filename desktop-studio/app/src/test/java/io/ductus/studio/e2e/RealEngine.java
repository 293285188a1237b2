package io.ductus.studio.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real engine for the studio's end-to-end tests: the built distribution ({@code server-launcher/target/ductus})
 * as a child process on SQLite, with a project of two interfaces written for the test. {@code adt-in} takes
 * HL7 over MLLP and sends it to an archive folder and to {@code lab}, an MLLP peer the test runs (so the test
 * decides whether lab accepts or rejects); {@code orders-in} only archives. Every port is ephemeral: the MLLP
 * listeners' are read from the engine's log, the API's from its started line.
 */
final class RealEngine implements AutoCloseable {

    private static final Pattern STARTED = Pattern.compile("ductus started in \\d+ ms \\(api (http://[^,]+),");
    /** The source's listener, then its interface running: the engine starts interfaces one after another. */
    private static final Pattern LISTENING = Pattern.compile("MLLP listener on 127\\.0\\.0\\.1:(\\d+)\\R[^\\n]*interface ([a-z-]+) running");

    private final Path root;
    private final Path project;
    private final Path data;
    private final int labPort;
    private Process process;
    private Path stderr;
    private String apiUrl;
    private final Map<String, Integer> mllpPorts = new HashMap<>();

    RealEngine(Path root, int labPort) throws IOException {
        this(root, labPort, Map.of());
    }

    /** With more files in the project (or other content for the usual ones), each path relative to the project folder. */
    RealEngine(Path root, int labPort, Map<String, String> files) throws IOException {
        this.root = root;
        this.project = root.resolve("project");
        this.data = root.resolve("data");
        this.labPort = labPort;
        write();
        for (var f : files.entrySet()) {
            Path file = project.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue());
        }
    }

    /** Where the engine's file destinations write (out/ beside the project). */
    Path out() {
        return root.resolve("out");
    }

    static Path distribution() {
        Path dist = Path.of(System.getProperty("ductus.dist", "../../server-launcher/target/ductus")).toAbsolutePath().normalize();
        if (!Files.isExecutable(dist.resolve("bin/ductus"))) {
            throw new IllegalStateException("the distribution is not built at " + dist + ": ./mvnw -pl server-launcher -am package");
        }
        return dist;
    }

    private void write() throws IOException {
        Files.createDirectories(project.resolve("interfaces/adt-in"));
        Files.createDirectories(project.resolve("interfaces/orders-in"));
        Files.writeString(project.resolve("ductus.yaml"), "# the studio's end-to-end project\n");
        Files.writeString(project.resolve("interfaces/adt-in/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:0 }
                format: hl7
                ordering: { key: PID-3.1, partitions: 4 }
                destinations:
                  archive:
                    type: file
                    path: "%s/{id}.hl7"
                  lab:
                    type: mllp
                    connect: 127.0.0.1:%d
                    ack_timeout: 5s
                """.formatted(root.resolve("out").toString().replace('\\', '/'), labPort));
        Files.writeString(project.resolve("interfaces/orders-in/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:0 }
                format: hl7
                destinations:
                  archive:
                    type: file
                    path: "%s/orders-{id}.hl7"
                """.formatted(root.resolve("out").toString().replace('\\', '/')));
    }

    /** {@code ductus user create}: the first admin, with a password they must change at first sign-in. */
    void createUser(String name, String role, String password) throws Exception {
        run(List.of("user", "create", "--name", name, "--role", role, "--project", project.toString(), "--data", data.toString()), password + "\n");
    }

    /** {@code ductus token create}: a token of this role, its secret as the command printed it. */
    String createToken(String name, String role, String... permissions) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("token", "create", "--name", name, "--role", role, "--project", project.toString(),
                "--data", data.toString()));
        for (String p : permissions) args.addAll(List.of("--permission", p));
        return run(args, "").strip();
    }

    /** Starts {@code ductus serve}; the API on {@code apiPort} (0: any free port, the first time). */
    void start(int apiPort) throws Exception {
        List<String> command = List.of(distribution().resolve("bin/ductus").toString(), "serve", "--project", project.toString(),
                "--data", data.toString(), "--api-listen", "127.0.0.1:" + apiPort, "--plugins", root.resolve("plugins").toString());
        stderr = Files.createTempFile(root, "engine", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectError(stderr.toFile())
                .redirectOutput(ProcessBuilder.Redirect.PIPE);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        process = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        var out = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            Matcher m = STARTED.matcher(line);
            if (m.find()) {
                apiUrl = m.group(1);
                break;
            }
            if (System.nanoTime() > deadline) break;
        }
        if (apiUrl == null) throw new AssertionError("the engine did not start; its log:\n" + log());
        Thread drain = new Thread(() -> {
            try {
                out.transferTo(java.io.Writer.nullWriter());
            } catch (IOException e) {
                // ended
            }
        }, "engine-stdout");
        drain.setDaemon(true);
        drain.start();
        awaitListeners(deadline);
    }

    private void awaitListeners(long deadline) throws Exception {
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(log());
            Map<String, Integer> found = new HashMap<>();
            while (m.find()) found.put(m.group(2), Integer.parseInt(m.group(1)));
            if (found.containsKey("adt-in") && found.containsKey("orders-in")) {
                for (int port : found.values()) {
                    try (Socket s = new Socket()) {
                        s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                    }
                }
                mllpPorts.clear();
                mllpPorts.putAll(found);
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the MLLP listeners did not open; engine log:\n" + log());
    }

    String apiUrl() {
        return apiUrl;
    }

    int apiPort() {
        return java.net.URI.create(apiUrl).getPort();
    }

    int mllpPort(String interfaceName) {
        return mllpPorts.get(interfaceName);
    }

    /** SIGTERM, and wait for the engine to stop. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    String log() throws IOException {
        return stderr == null ? "" : Files.readString(stderr);
    }

    private String run(List<String> args, String input) throws Exception {
        List<String> command = new java.util.ArrayList<>();
        command.add(distribution().resolve("bin/ductus").toString());
        command.addAll(args);
        Path out = Files.createTempFile(root, "cli", ".out");
        Path err = Files.createTempFile(root, "cli", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectError(err.toFile()).redirectOutput(out.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = builder.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        if (!p.waitFor(90, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " failed: " + Files.readString(err) + Files.readString(out));
        }
        return Files.readString(out);
    }

    @Override
    public void close() {
        if (process != null) process.destroyForcibly();
    }

    static Duration startTimeout() {
        return Duration.ofSeconds(90);
    }
}
