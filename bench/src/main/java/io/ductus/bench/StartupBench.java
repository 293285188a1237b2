package io.ductus.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cold starts of {@code ductus serve} (a new JVM, empty data folder) timed from process start to the
 * started line, against the cold start of a bare JVM that prints one line, measured in the same run.
 */
final class StartupBench implements BenchMain.Scenario {

    private static final Pattern STARTED = Pattern.compile("ductus started in (\\d+) ms");

    @Override
    public void run(Path root, boolean quick) throws Exception {
        int runs = quick ? 2 : 5;
        Path ductus = root.resolve("server-launcher/target/ductus/bin/ductus");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path benchJar = root.resolve("bench/target/ductus-bench.jar");

        List<Long> bare = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(java.toString(), "-cp", benchJar.toString(), Hello.class.getName())
                    .redirectErrorStream(true).start();
            readUntil(p, "hello");
            bare.add(ms(t0));
            p.waitFor();
        }
        System.out.println("bare JVM start to first line: " + bare + " ms");

        List<Long> wall = new ArrayList<>();
        List<Long> reported = new ArrayList<>();
        List<Long> rssKb = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path tmp = Files.createTempDirectory("ductus-bench-startup");
            Files.createDirectories(tmp.resolve("project"));
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(ductus.toString(), "serve", "--project", tmp.resolve("project").toString(),
                    "--data", tmp.resolve("data").toString(), "--plugins", tmp.resolve("plugins").toString(),
                    "--api-listen", "127.0.0.1:0")
                    .redirectError(tmp.resolve("stderr.log").toFile()).start();
            String line = readUntil(p, "ductus started");
            wall.add(ms(t0));
            Matcher m = STARTED.matcher(line);
            if (m.find()) reported.add(Long.parseLong(m.group(1)));
            Thread.sleep(300);
            rssKb.add(rssKb(p.pid()));
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("ductus did not stop within 15 s of SIGTERM");
            }
            System.out.printf("run %d: started line after %d ms (engine says %s ms), RSS %d MB, exit %d%n", i + 1,
                    wall.get(i), reported.isEmpty() ? "?" : reported.get(reported.size() - 1), rssKb.get(i) / 1024, p.exitValue());
        }
        long median = median(wall);
        long bareMedian = median(bare);
        System.out.printf("RESULT startup median_ms=%d reported_median_ms=%d rss_mb=%d jvm_hello_ms=%d over_jvm=%.1f runs=%d%n",
                median, median(reported), median(rssKb) / 1024, bareMedian, (double) median / bareMedian, runs);
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

    private static long rssKb(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
        }
        return -1;
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
