package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.core.revision.InterfaceFiles;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay's context (one with a pinned clock) loads on a thread of the lowest priority, which on a loaded
 * machine waits for the CPU far longer than its load uses: the load's time limit counts the thread's CPU
 * time, so a load that waits is not taken for a runaway, while one that computes without end still is.
 * A wait in a service call at the module's top level stands for the wait for the CPU: the time passes and
 * the thread's CPU time does not (what a starved thread sees), without slowing the machine to show it.
 */
class CpuTimedLoadTest {

    private static final Duration LOAD_LIMIT = Duration.ofMillis(300);
    private static final long WAIT_MILLIS = 1_500; // five load limits of time passed

    private static ScriptHost host;

    @TempDir
    Path project;

    @BeforeAll
    static void startHost() {
        // no allocation limit: an endless loop in the interpreter allocates, and this test is about the time limit
        host = ScriptHost.start(Long.MAX_VALUE);
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    /** env() waits: its thread uses no CPU meanwhile. */
    private static final ScriptServices WAITING = new ScriptServices() {
        @Override
        public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long execute(String database, String sql, List<Object> parameters) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FetchResponse fetch(FetchRequest request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String variable(String name) {
            try {
                Thread.sleep(WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "waited";
        }

        @Override
        public String secret(String name) {
            throw new UnsupportedOperationException();
        }
    };

    private InterfaceScript script(String code) {
        InterfaceFiles files = InterfaceFiles.of("lab", Map.of("interfaces/lab/transform.js", code.getBytes(StandardCharsets.UTF_8)));
        return host.load(project, files, Duration.ofMillis(100), WAITING);
    }

    private static final String WAITS_AT_LOAD = """
            const said = env('SLOW');
            export function transform() { return said; }
            """;

    @Test
    void a_replays_load_that_waits_past_its_limit_goes_on_and_loads() {
        long t0 = System.nanoTime();
        try (ScriptContext c = script(WAITS_AT_LOAD).newContext(new ByteArrayOutputStream(), new PinnedClock(), LOAD_LIMIT)) {
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThan(LOAD_LIMIT.multipliedBy(4));
            assertThat(c.call("transform").asString()).isEqualTo("waited");
        }
    }

    @Test
    void a_workers_load_that_waits_past_its_limit_is_stopped_as_before() {
        // the same wait without a pinned clock (a worker's context, at normal priority) still counts the time passed
        assertThatThrownBy(() -> script(WAITS_AT_LOAD).newContext(new ByteArrayOutputStream(), null, LOAD_LIMIT).close())
                .isInstanceOfSatisfying(ScriptException.class, e -> assertThat(e.kind()).isEqualTo(ScriptException.Kind.TIMEOUT));
    }

    @Test
    void a_replays_load_that_computes_without_end_is_stopped_at_its_limit() {
        String endless = """
                for (;;) { }
                export function transform() { return 1; }
                """;
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> script(endless).newContext(new ByteArrayOutputStream(), new PinnedClock(), LOAD_LIMIT).close())
                .isInstanceOfSatisfying(ScriptException.class, e -> {
                    assertThat(e.kind()).isEqualTo(ScriptException.Kind.TIMEOUT);
                    assertThat(e.getMessage()).contains("300 ms");
                });
        // stopped at its CPU limit, long before the load's backstop of time passed
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(ScriptContext.LOAD_BACKSTOP);
    }
}
