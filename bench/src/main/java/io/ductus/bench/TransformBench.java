package io.ductus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A JavaScript transform of an ORU^R01 on the real script host (GraalJS with its optimizing compiler),
 * as a destination runs it: {@code Transform.run} parses the message, the code reads the OBX values, maps
 * codes through lookup tables, sets fields, removes and renumbers NTEs, adds a segment, and the result
 * is encoded. Every run happens in a child JVM started as {@code bin/ductus} starts the engine (the
 * distribution's {@code lib/graal} on the module path, {@code lib/jit} on the upgrade module path), so
 * that the first message is measured in a fresh JVM: several cold starts for the first-message latency,
 * then one JVM for the rate on one thread after a warm-up, and with two threads (a context each).
 */
final class TransformBench implements BenchMain.Scenario {

    static final String RESOURCES = "/io/ductus/bench/transform/";
    static final String MESSAGE = "ORU_R01_v2.3_cdcti-Oracle.hl7";
    static final String EXPECTED = "ORU_R01_v2.3_cdcti-Oracle.transformed.hl7";
    static final String INTERFACE = "oru-lab";
    private static final List<String> PROJECT_FILES = List.of("interfaces/" + INTERFACE + "/transform.js", "lib/lab-codes.js");

    /** Extra flags for the child JVMs, such as {@code -XX:StartFlightRecording=...} to profile. */
    static final String EXTRA_FLAGS = "BENCH_TRANSFORM_JVM_FLAGS";

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path lib = root.resolve("server-launcher/target/ductus/lib");
        if (!Files.isDirectory(lib.resolve("graal")) || !Files.isDirectory(lib.resolve("jit"))) {
            throw new IllegalStateException(lib + " has no graal/ and jit/: build the distribution"
                    + " (./mvnw -DskipTests package -pl server-launcher,bench -am)");
        }
        Path project = root.resolve("bench/target/transform/project");
        for (String file : PROJECT_FILES) {
            Path to = project.resolve(file);
            Files.createDirectories(to.getParent());
            try (InputStream in = TransformBench.class.getResourceAsStream(RESOURCES + "project/" + file)) {
                Files.write(to, in.readAllBytes());
            }
        }
        int coldStarts = quick ? 2 : 5;
        String[] rate = quick ? new String[]{"5", "2", "3", "2"} : new String[]{"40", "5", "5", "5"};
        System.out.printf("transform: %s through interfaces/%s/transform.js, on GraalJS in child JVMs (%s)%n",
                MESSAGE, INTERFACE, String.join(" ", graalFlags(lib)));
        String loadBefore = LoadAverage.now();

        List<Map<String, Double>> firsts = new ArrayList<>();
        for (int i = 0; i < coldStarts; i++) firsts.add(child(root, lib, project, List.of("first")));
        double firstMs = median(firsts, "first_ms");
        System.out.printf("first message, median of %d fresh JVMs: %.0f ms from ScriptHost.start() to the result"
                        + " (host %.0f ms, load %.0f ms, context %.0f ms, first call %.0f ms); %.0f ms from starting java%n",
                coldStarts, firstMs, median(firsts, "host_ms"), median(firsts, "load_ms"), median(firsts, "context_ms"),
                median(firsts, "call_ms"), median(firsts, "jvm_first_ms"));

        List<String> args = new ArrayList<>(List.of("rate"));
        args.addAll(List.of(rate));
        Map<String, Double> rates = child(root, lib, project, args);
        System.out.printf("load average (other work on this machine counts too): %s before, %s after%n", loadBefore, LoadAverage.now());
        System.out.printf("RESULT transform per_thread=%.0f first_ms=%.0f per_cpu_s=%.0f threads2=%.0f threads2_per_thread=%.0f"
                        + " context_ms=%.0f first_call_ms=%.0f jvm_first_ms=%.0f warm_s=%.0f%n",
                rates.get("per_thread"), firstMs, rates.get("per_cpu_s"), rates.get("threads2"), rates.get("threads2") / 2,
                median(firsts, "context_ms"), median(firsts, "call_ms"), median(firsts, "jvm_first_ms"), rates.get("warm_s"));
    }

    /** The JVM flags bin/ductus gives Java 25 for GraalJS with its optimizing compiler. */
    private static List<String> graalFlags(Path lib) {
        return List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI",
                "--upgrade-module-path=" + lib.resolve("jit"), "--module-path=" + lib.resolve("graal"),
                "--add-modules=org.graalvm.polyglot", "--enable-native-access=org.graalvm.truffle,ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow");
    }

    /**
     * Runs {@link TransformChild} in a new JVM, echoes what it prints and returns the figures of its
     * {@code CHILD key=value ...} lines, plus {@code jvm_first_ms}: from starting java to the line that
     * reports the first result.
     */
    private static Map<String, Double> child(Path root, Path lib, Path project, List<String> args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(graalFlags(lib));
        String extra = System.getenv(EXTRA_FLAGS);
        if (extra != null && !extra.isBlank()) command.addAll(Arrays.asList(extra.trim().split("\\s+")));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TransformChild.class.getName(), project.toString()));
        command.addAll(args);
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).directory(root.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Map<String, Double> figures = new HashMap<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith(TransformChild.FIRST_LINE)) figures.put("jvm_first_ms", (System.nanoTime() - start) / 1e6);
                if (line.startsWith("CHILD ")) {
                    for (String pair : line.substring(6).trim().split(" ")) {
                        String[] kv = pair.split("=", 2);
                        figures.put(kv[0], Double.parseDouble(kv[1]));
                    }
                } else {
                    System.out.println("  " + line);
                }
            }
        } catch (IOException e) {
            process.destroyForcibly();
            throw e;
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the transform JVM did not end");
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("the transform JVM failed (exit " + process.exitValue() + "); see above");
        }
        return figures;
    }

    private static double median(List<Map<String, Double>> runs, String key) {
        double[] values = runs.stream().mapToDouble(r -> r.get(key)).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
