package io.ductus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands a person types, each a fresh process timed from its start to its end (serve: to the started
 * line), medians of several runs: {@code ductus serve --example} ready (on a data folder a first start made,
 * as every later start finds it; and on an empty one), {@code ductus validate} and {@code ductus test} of the
 * example project, {@code ductus send} of one sample message to a running example; the reference is a bare
 * JVM that prints one line, measured in the same run. The steps of serve's start
 * ({@code DUCTUS_STARTUP_STEPS=1}: milliseconds since the JVM started) are printed with their medians.
 * The engine's start is measured as it runs by default (GraalJS's optimizing compiler) and on the interpreter
 * ({@code DUCTUS_OPTIMIZING=false}). {@code BENCH_DUCTUS_HOME} measures another distribution (an older build, for before and after).
 */
final class StartupBench implements BenchMain.Scenario {

    private static final Pattern STARTED = Pattern.compile("ductus started in (\\d+) ms \\(api (http://[^,]+),");
    private static final Pattern LISTENING = Pattern.compile("MLLP listener on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern STEP = Pattern.compile("startup - (\\d+) ms (.+)$");

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int runs = quick ? 3 : 7;
        Path home = Path.of(System.getenv().getOrDefault("BENCH_DUCTUS_HOME", root.resolve("server-launcher/target/ductus").toString()));
        Path ductus = home.resolve("bin/ductus");
        Path example = home.resolve("examples/quickstart");
        Path message = root.resolve("examples/quickstart/messages/adt-a01.hl7");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path benchJar = root.resolve("bench/target/ductus-bench.jar");
        Path work = Files.createTempDirectory("ductus-bench-startup");
        System.out.println("distribution: " + home);

        List<Long> bare = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(java.toString(), "-cp", benchJar.toString(), Hello.class.getName()).redirectErrorStream(true).start();
            readUntil(p, "hello");
            bare.add(ms(t0));
            p.waitFor();
        }
        System.out.println("bare JVM start to first line: " + bare + " ms");

        // serve on a data folder a first start made (migrations done), as every later start finds it
        Path data = work.resolve("data");
        try (Serve first = Serve.start(ductus, work, data)) {
            System.out.println("first start (empty data folder) ready after " + first.readyMs + " ms");
        }
        List<Long> serveFirst = new ArrayList<>();
        List<Long> serve = new ArrayList<>();
        Map<String, List<Long>> steps = new LinkedHashMap<>();
        for (int i = 0; i < runs; i++) {
            try (Serve fresh = Serve.start(ductus, work, work.resolve("empty-" + i))) {
                serveFirst.add(fresh.readyMs);
            }
            try (Serve again = Serve.start(ductus, work, data)) {
                serve.add(again.readyMs);
                again.steps().forEach((step, at) -> steps.computeIfAbsent(step, k -> new ArrayList<>()).add(at));
                System.out.printf("serve run %d: ready after %d ms (empty data folder: %d ms)%n", i + 1, again.readyMs, serveFirst.getLast());
            }
        }
        // the same start on GraalJS's interpreter from the start-up cache (DUCTUS_OPTIMIZING=false)
        List<Long> serveInterpreter = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            try (Serve again = Serve.start(ductus, work, data, false)) {
                serveInterpreter.add(again.readyMs);
            }
        }
        System.out.println("serve on the interpreter (DUCTUS_OPTIMIZING=false): " + serveInterpreter + " ms");
        System.out.println("steps of serve's start (median ms since the JVM started):");
        steps.forEach((step, at) -> System.out.printf("  %6d  %s%n", median(at), step));

        List<Long> validate = new ArrayList<>();
        List<Long> test = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            validate.add(timed(work, ductus.toString(), "validate", "--project", example.toString()));
            test.add(timed(work, ductus.toString(), "test", "--project", example.toString()));
        }
        System.out.println("validate: " + validate + " ms; test: " + test + " ms");

        List<Long> send = new ArrayList<>();
        try (Serve engine = Serve.start(ductus, work, data)) {
            int port = engine.mllpPort();
            for (int i = 0; i < runs; i++) send.add(timed(work, ductus.toString(), "send", "--port", Integer.toString(port), message.toString()));
        }
        System.out.println("send: " + send + " ms");

        long hello = median(bare);
        System.out.printf("RESULT startup serve_ready_ms=%d validate_ms=%d send_ms=%d test_ms=%d serve_first_ms=%d"
                        + " serve_ready_interpreter_ms=%d jvm_hello_ms=%d serve_over_jvm=%.1f runs=%d%n", median(serve), median(validate),
                median(send), median(test), median(serveFirst), median(serveInterpreter),
                hello, (double) median(serve) / hello, runs);
    }

    /** One {@code ductus serve --example} until its started line; stopped (SIGTERM) when closed. */
    private static final class Serve implements AutoCloseable {
        final Process process;
        final long readyMs;
        final Path stderr;

        private Serve(Process process, long readyMs, Path stderr) {
            this.process = process;
            this.readyMs = readyMs;
            this.stderr = stderr;
        }

        /** Whether the distribution takes --mllp-port (an older one listens on the example's 6661). */
        private static Boolean otherPort;

        static Serve start(Path ductus, Path work, Path data) throws IOException, InterruptedException {
            return start(ductus, work, data, true);
        }

        /** {@code optimizing} false: DUCTUS_OPTIMIZING=false, GraalJS's interpreter from the start-up cache. */
        static Serve start(Path ductus, Path work, Path data, boolean optimizing) throws IOException, InterruptedException {
            if (otherPort == null) {
                Process help = new ProcessBuilder(ductus.toString(), "serve", "--help").redirectErrorStream(true).start();
                otherPort = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8).contains("--mllp-port");
                help.waitFor();
            }
            Path stderr = Files.createTempFile(work, "serve", ".log");
            List<String> command = new ArrayList<>(List.of(ductus.toString(), "serve", "--example", "--data", data.toString(),
                    "--api-listen", "127.0.0.1:0", "--plugins", work.resolve("plugins").toString()));
            if (otherPort) command.addAll(List.of("--mllp-port", "0"));
            ProcessBuilder b = new ProcessBuilder(command).directory(work.toFile()).redirectError(stderr.toFile());
            b.environment().put("DUCTUS_STARTUP_STEPS", "1");
            if (!optimizing) b.environment().put("DUCTUS_OPTIMIZING", "false");
            long t0 = System.nanoTime();
            Process p = b.start();
            String line = readUntil(p, "ductus started");
            long ready = ms(t0);
            if (!STARTED.matcher(line).find()) throw new IllegalStateException("unexpected started line: " + line);
            return new Serve(p, ready, stderr);
        }

        Map<String, Long> steps() throws IOException {
            Map<String, Long> steps = new LinkedHashMap<>();
            for (String line : Files.readAllLines(stderr)) {
                Matcher m = STEP.matcher(line);
                if (m.find()) steps.put(m.group(2).replaceAll("\\d+ bundles", "N bundles"), Long.parseLong(m.group(1)));
            }
            return steps;
        }

        int mllpPort() throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                Matcher m = LISTENING.matcher(Files.readString(stderr));
                if (m.find()) return Integer.parseInt(m.group(1));
                Thread.sleep(50);
            }
            throw new IllegalStateException("the example's MLLP listener did not open");
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("ductus did not stop within 30 s of SIGTERM");
            }
        }
    }

    /** A command's whole process, start to exit, in ms; it must succeed. */
    private static long timed(Path work, String... command) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = p.waitFor();
        long took = ms(t0);
        if (exit != 0) throw new IllegalStateException(String.join(" ", command) + " exited with " + exit + ":\n" + out);
        return took;
    }

    private static String readUntil(Process p, String prefix) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith(prefix)) return line;
        }
        throw new IllegalStateException("process ended without printing '" + prefix + "' (exit " + waitExit(p) + ")");
    }

    private static int waitExit(Process p) {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static long ms(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    private static long median(List<Long> values) {
        if (values.isEmpty()) return -1;
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    /** The reference: a JVM that starts and prints one line. */
    static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello");
        }
    }
}
