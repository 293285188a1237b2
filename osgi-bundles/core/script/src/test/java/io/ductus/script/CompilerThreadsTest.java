package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ductus.core.revision.InterfaceFiles;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * GraalJS compiles on threads of its own, made by whichever thread asks for a compilation, and Linux gives a
 * new thread its maker's nice value: made by a replay's lane (nice 19), they would compile the replay's code,
 * and the workers' after it, only with what every other process leaves. The host makes them as it starts and
 * keeps them, idle or not.
 */
class CompilerThreadsTest {

    @TempDir
    Path project;

    @Test
    @EnabledOnOs(OS.LINUX)
    void the_compiler_threads_are_made_as_the_host_starts_and_kept_so_hot_code_of_a_niced_thread_later_does_not_lower_them() throws Exception {
        try (ScriptHost host = ScriptHost.start()) {
            assumeTrue(host.optimizing(), "GraalJS runs with its compiler");
            String own = niceOf("thread-self");
            assertThat(compilerThreadNices()).as("made by the host's start").isNotEmpty().containsOnly(own);
            // Longer than GraalJS's default idle delay (10 s, its own clock), after which an idle compiler thread ends
            // and the next compilation makes another on the thread that asks for it.
            Thread.sleep(11_000);

            String code = """
                    function step(x) { return x * 3 + 1; }
                    export function transform() { let s = 0; for (let i = 0; i < 5000; i++) s += step(i); return String(s); }
                    """;
            InterfaceFiles files = InterfaceFiles.of("lab", Map.of("interfaces/lab/transform.js", code.getBytes(StandardCharsets.UTF_8)));
            InterfaceScript script = host.load(project, files, Duration.ofSeconds(30), ScriptServices.NONE);
            AtomicReference<Object> ran = new AtomicReference<>();
            Thread lane = new Thread(() -> {
                try {
                    renice19();
                    try (ScriptContext context = script.newContext(new ByteArrayOutputStream(), new PinnedClock())) {
                        for (int i = 0; i < 50; i++) context.call("transform"); // step is called 250,000 times: compiled
                    }
                    ran.set(niceOf("thread-self"));
                } catch (Exception | Error e) {
                    ran.set(e);
                }
            }, "niced-caller");
            lane.start();
            lane.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(ran.get()).as("the caller ran niced").isEqualTo("19");
            assertThat(compilerThreadNices()).isNotEmpty().containsOnly(own);
        }
    }

    private static void renice19() throws Exception {
        String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        Process p = new ProcessBuilder("renice", "-n", "19", "-p", tid).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "renice works here");
    }

    /** The nice values of this JVM's GraalJS compiler threads (their names cut to 15 characters by Linux). */
    private static List<String> compilerThreadNices() throws Exception {
        List<String> nices = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (Files.readString(task.resolve("comm")).strip().startsWith("TruffleCompiler")) {
                        nices.add(niceOf("self/task/" + task.getFileName()));
                    }
                } catch (java.io.IOException e) {
                    // the thread ended meanwhile
                }
            }
        }
        return nices;
    }

    /** Field 19 of /proc/{task}/stat (after the command's closing parenthesis). */
    private static String niceOf(String task) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + task + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16];
    }
}
