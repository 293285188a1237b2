package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.revision.InterfaceFiles;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A context whose time and randomness are pinned from outside: what makes a replay repeatable. */
class PinnedClockTest {

    private static ScriptHost host;

    @TempDir
    Path project;

    @BeforeAll
    static void startHost() {
        host = ScriptHost.start();
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    private ScriptContext context(String code, PinnedClock clock) {
        InterfaceFiles files = InterfaceFiles.of("lab", Map.of("interfaces/lab/transform.js", code.getBytes(StandardCharsets.UTF_8)));
        return host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE).newContext(new ByteArrayOutputStream(), clock);
    }

    @Test
    void every_way_of_reading_the_time_reads_the_pinned_time_even_when_kept_at_the_top_level() {
        PinnedClock clock = new PinnedClock();
        String code = """
                const now = Date.now;
                export function transform() {
                  return [new Date().toISOString(), String(Date.now()), String(now()), String(new Date(0).getTime()),
                          String(new Date() instanceof Date), Date().slice(0, 3), new Date(Date.UTC(2020, 0, 2)).toISOString()].join(' ');
                }
                """;
        long at = Instant.parse("2026-11-20T08:15:30.123Z").toEpochMilli();
        try (ScriptContext c = context(code, clock)) {
            clock.pin(at, 1);
            assertThat(c.call("transform").asString()).isEqualTo("2026-11-20T08:15:30.123Z " + at + " " + at
                    + " 0 true Fri 2020-01-02T00:00:00.000Z");
        }
    }

    @Test
    void randomness_is_the_same_for_the_same_seed_in_any_context_and_differs_for_another() {
        String code = "export function transform() { return [Math.random(), Math.random()].join(','); }";
        PinnedClock a = new PinnedClock();
        PinnedClock b = new PinnedClock();
        try (ScriptContext ca = context(code, a); ScriptContext cb = context(code, b)) {
            a.pin(0, PinnedClock.seed(42, "lab"));
            String first = ca.call("transform").asString();
            ca.call("transform"); // a call in between draws more: pinning again starts over
            a.pin(0, PinnedClock.seed(42, "lab"));
            b.pin(0, PinnedClock.seed(42, "lab"));
            assertThat(ca.call("transform").asString()).isEqualTo(first);
            assertThat(cb.call("transform").asString()).isEqualTo(first);
            b.pin(0, PinnedClock.seed(42, "archive"));
            assertThat(cb.call("transform").asString()).isNotEqualTo(first);
        }
    }

    @Test
    void a_context_without_a_pinned_clock_reads_the_real_time() {
        InterfaceFiles files = InterfaceFiles.of("lab", Map.of("interfaces/lab/transform.js",
                "export const transform = () => String(Date.now());".getBytes(StandardCharsets.UTF_8)));
        long before = System.currentTimeMillis();
        try (ScriptContext c = host.load(project, files, Duration.ofSeconds(5), ScriptServices.NONE).newContext()) {
            assertThat(Long.parseLong(c.call("transform").asString())).isGreaterThanOrEqualTo(before);
        }
    }
}
