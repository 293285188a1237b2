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
 * The studio: (1) cold starts of the self-contained image (its own runtime and jars, as bin/ductus-studio
 * starts them) to the connect screen, against the image's bare JVM printing one line; (2) in a child JVM
 * ({@link StudioLoad}), the first paint of a dashboard of 1,000 interfaces and the longest gap between frames
 * while they receive 200 events a second for 30 s, against the same window idle. Headless: Monocle's glass
 * platform patched into the image's JavaFX, software rendering.
 */
final class StudioBench implements BenchMain.Scenario {

    private static final Pattern SHOWN = Pattern.compile("ductus studio: connect screen shown");
    private static final Pattern LOAD = Pattern.compile("dashboard_1000_ms=(\\d+) fx_max_stall_ms=(\\d+) idle_max_stall_ms=(\\d+)"
            + " frames=(\\d+) events=(\\d+)");
    private static final Pattern REPLAY = Pattern.compile("replay_ui_ms=(\\d+)");
    private static final Pattern TRIAL = Pattern.compile("keystroke_to_trial_ms=(\\d+) keystroke_to_trial_p90_ms=(\\d+) trial_call_ms=(\\d+)");

    @Override
    public void run(Path root, boolean quick) throws Exception {
        Path image = root.resolve("desktop-studio/app/target/ductus-studio");
        Path java = image.resolve("lib/runtime/bin/java");
        Path monocle = Files.list(root.resolve("bench/target/lib")).filter(p -> p.getFileName().toString().startsWith("openjfx-monocle"))
                .findFirst().orElseThrow(() -> new IllegalStateException("openjfx-monocle is not in bench/target/lib"));
        List<String> headless = List.of("--patch-module=javafx.graphics=" + monocle, "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
                "-Dprism.order=sw", "-Dheadless.geometry=1440x900-32", "--enable-native-access=javafx.graphics,ALL-UNNAMED");
        int runs = quick ? 2 : 5;

        List<Long> bare = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(java.toString(), "-cp", root.resolve("bench/target/ductus-bench.jar").toString(),
                    StartupBench.Hello.class.getName()).redirectErrorStream(true).start();
            readUntil(p, Pattern.compile("hello"));
            bare.add(ms(t0));
            p.waitFor();
        }
        System.out.println("the image's bare JVM to its first line: " + bare + " ms");

        List<Long> starts = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path home = Files.createTempDirectory("ductus-bench-studio");
            List<String> command = new ArrayList<>(List.of(java.toString()));
            command.addAll(headless);
            command.addAll(List.of("-Dductus.studio.startup.report=true", "-Dductus.studio.home=" + home, "-Dfile.encoding=UTF-8", "-XX:+UseSerialGC",
                    "-cp", image.resolve("lib/app") + "/*", "io.ductus.studio.Main"));
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String line = readUntil(p, SHOWN);
            long took = ms(t0);
            starts.add(took);
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) p.destroyForcibly();
            System.out.printf("start %d: connect screen after %d ms (%s)%n", i + 1, took, line);
        }

        // The load runs on this JDK (its HTTP server plays the engine) with the studio's jars and JavaFX on the class path,
        // and the collector the image's launcher chooses.
        List<String> load = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw", "-Dheadless.geometry=1440x900-32",
                "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-XX:+UseSerialGC",
                "-cp", root.resolve("bench/target/ductus-bench.jar") + ":" + root.resolve("bench/target/lib") + "/*",
                StudioLoad.class.getName(), "1000", quick ? "10" : "30", "200"));
        Process p = new ProcessBuilder(load).redirectErrorStream(true).start();
        String line = readUntil(p, LOAD);
        p.waitFor(30, TimeUnit.SECONDS);
        Matcher m = LOAD.matcher(line);
        if (!m.find()) throw new IllegalStateException("no figures from the load run: " + line);
        Matcher t = TRIAL.matcher(designerTrial(root, quick ? 10 : 30));
        if (!t.find()) throw new IllegalStateException("no figures from the designer's trial run");
        int messages = quick ? 10_000 : 100_000;
        long[] replay = replay(root, messages);
        System.out.printf("RESULT studio start_to_connect_ms=%d dashboard_1000_ms=%s fx_max_stall_ms=%s idle_max_stall_ms=%s jvm_hello_ms=%d"
                        + " frames=%s events=%s keystroke_to_trial_ms=%s keystroke_to_trial_p90_ms=%s trial_call_ms=%s replay_%dk_ui_ms=%d"
                        + " replay_%dk_cli_ms=%d replay_ui_over_cli=%.2f runs=%d%n", median(starts),
                m.group(1), m.group(2), m.group(3), median(bare), m.group(4), m.group(5), t.group(1), t.group(2), t.group(3),
                messages / 1000, replay[0], messages / 1000, replay[1], (double) replay[0] / replay[1], runs);
    }

    /**
     * The replay screen against the CLI on the same period: the replay benchmark's engine with {@code messages} stored
     * ORU^R01 messages of oru-lab, the caller's draft changing one field; after one replay to warm the engine,
     * {@code ductus replay --draft} from its start to its exit (its report read), then the studio's Replay button to
     * the finished table ({@link StudioReplayLoad}).
     * [ui ms, cli ms].
     */
    private static long[] replay(Path root, int messages) throws Exception {
        ReplayBench bench = new ReplayBench();
        try (ReplayBench.Prepared engine = bench.prepare(root, root.resolve("bench/target/studio-replay"), messages)) {
            String token = TrialBench.token(engine.ductus(), engine.project(), engine.data(), "payloads");
            var client = io.ductus.client.DuctusClient.withToken(java.net.URI.create(engine.api()), token);
            Integer revision = client.anInterface("oru-lab").revision();
            client.design().saveDraft("oru-lab", new io.ductus.client.model.DraftSave(revision, ReplayBench.candidate(engine.project()), null));
            // One replay first, so that neither the CLI nor the screen pays for the engine's warm-up (its JIT, the page cache).
            long w0 = System.nanoTime();
            var warm = client.replays().start(io.ductus.client.model.ReplayStart.last(List.of("oru-lab"), "1d", "draft", null, null));
            while (client.replays().replay(warm.id()).running()) Thread.sleep(100);
            System.out.println("warm-up replay: " + ms(w0) + " ms");

            long c0 = System.nanoTime();
            Process cli = new ProcessBuilder(engine.ductus().toString(), "replay", "--interface", "oru-lab", "--last", "1d", "--draft",
                    "--url", engine.api(), "--token", token).redirectErrorStream(true).redirectOutput(root.resolve("bench/target/studio-replay/cli.out").toFile())
                    .start();
            cli.waitFor(20, TimeUnit.MINUTES);
            long cliMs = ms(c0);
            System.out.println("ductus replay --draft: exit " + cli.exitValue() + " after " + cliMs + " ms");

            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw", "-Dheadless.geometry=1440x900-32",
                    "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-XX:+UseSerialGC",
                    "-cp", root.resolve("bench/target/ductus-bench.jar") + ":" + root.resolve("bench/target/lib") + "/*",
                    StudioReplayLoad.class.getName(), engine.api(), token));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            Matcher r = REPLAY.matcher(readUntil(p, REPLAY));
            p.waitFor(30, TimeUnit.SECONDS);
            if (!r.find()) throw new IllegalStateException("no figures from the replay screen's run");
            return new long[] {Long.parseLong(r.group(1)), cliMs};
        }
    }

    /**
     * The designer's live trial on a real engine: {@code ductus serve} with the trial benchmark's project (oru-lab on
     * three destinations among 100 interfaces), and {@link StudioTrialLoad} in a child JVM typing into the editor.
     */
    private static String designerTrial(Path root, int rounds) throws Exception {
        Path work = root.resolve("bench/target/studio-trial");
        TrialBench.deleteQuietly(work);
        Path project = work.resolve("project");
        Path data = work.resolve("data");
        TrialBench.writeProject(project);
        Path stderr = work.resolve("stderr.log");
        Path ductus = root.resolve("server-launcher/target/ductus/bin/ductus");
        ProcessBuilder pb = new ProcessBuilder(ductus.toString(), "serve", "--project", project.toString(), "--data", data.toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", work.resolve("plugins").toString()).redirectError(stderr.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process engine = pb.start();
        try {
            String api = TrialBench.awaitStarted(engine, stderr);
            String token = TrialBench.token(ductus, project, data);
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw", "-Dheadless.geometry=1440x900-32",
                    "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-XX:+UseSerialGC",
                    "-cp", root.resolve("bench/target/ductus-bench.jar") + ":" + root.resolve("bench/target/lib") + "/*",
                    StudioTrialLoad.class.getName(), api, token, Integer.toString(rounds)));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String line = readUntil(p, TRIAL);
            p.waitFor(30, TimeUnit.SECONDS);
            return line;
        } finally {
            engine.destroy();
            if (!engine.waitFor(30, TimeUnit.SECONDS)) engine.destroyForcibly();
        }
    }

    private static String readUntil(Process p, Pattern wanted) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            System.out.println("  | " + line);
            if (wanted.matcher(line).find()) return line;
        }
        throw new IllegalStateException("the process ended without printing " + wanted.pattern());
    }

    private static long ms(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
