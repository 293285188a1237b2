package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sandbox and the runaway guard, on the real GraalJS with its optimizing compiler. */
class ScriptHostTest {

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

    @Test
    void runs_on_the_optimizing_runtime_not_the_fallback_interpreter() {
        assertThat(host.optimizing()).as("GraalJS must run with its compiler (module path and JVMCI flags)").isTrue();
    }

    @Test
    void calls_an_exported_function_and_imports_from_the_projects_lib() throws IOException {
        write("lib/codes.js", "export const codes = { GLU: '2345-7' };\n");
        write("interfaces/lab/transform.js", """
                import { codes } from '../../lib/codes.js';
                export function transform(code) { return codes[code] ?? 'unknown'; }
                """);
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThat(context.call("transform", "GLU").asString()).isEqualTo("2345-7");
            assertThat(context.exportedNames()).containsExactly("transform");
        }
    }

    @Test
    void host_classes_are_out_of_reach() throws IOException {
        write("interfaces/lab/transform.js", "export function transform() { return Java.type('java.lang.System').exit(1); }\n");
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThatThrownBy(() -> context.call("transform")).isInstanceOf(ScriptException.class)
                    .satisfies(e -> assertThat(((ScriptException) e).kind()).isEqualTo(ScriptException.Kind.ERROR));
        }
    }

    @Test
    void load_print_and_polyglot_access_are_gone() throws IOException {
        write("interfaces/lab/transform.js", """
                export function transform() {
                  return [typeof load, typeof print, typeof Polyglot === 'undefined' ? 'undefined' : typeof Polyglot.eval].join(',');
                }
                """);
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThat(context.call("transform").asString()).doesNotContain("function");
        }
    }

    @Test
    void files_outside_the_code_folders_cannot_be_imported() throws IOException {
        Path secret = Files.writeString(project.resolve("secrets.js"), "export const password = 'hunter2';\n");
        write("interfaces/lab/transform.js", "import { password } from '" + secret + "';\nexport function transform() { return password; }\n");
        InterfaceScript script = load(Duration.ofSeconds(5));
        assertThatThrownBy(script::newContext).isInstanceOf(ScriptException.class)
                .hasMessageContaining("secrets.js").hasMessageNotContaining("hunter2");
    }

    @Test
    void stops_an_endless_loop_at_the_timeout_and_the_context_stays_usable() throws IOException {
        write("interfaces/lab/transform.js", """
                export function spin() { while (true) {} }
                export function ok() { return 'still here'; }
                """);
        try (ScriptContext context = load(Duration.ofMillis(300)).newContext()) {
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> context.call("spin")).isInstanceOf(ScriptException.class)
                    .satisfies(e -> assertThat(((ScriptException) e).kind()).isEqualTo(ScriptException.Kind.TIMEOUT));
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
            assertThat(context.call("ok").asString()).isEqualTo("still here");
        }
    }

    @Test
    void a_runaway_call_is_stopped_naming_the_line_it_was_running_even_inside_a_library() throws IOException {
        write("lib/slow.js", "export function slow() {\n  let s = 0;\n  for (;;) { s++; }\n}\n");
        write("interfaces/lab/transform.js", """
                import { slow } from '../../lib/slow.js';
                export function transform(msg) { return slow(); }
                """);
        try (ScriptContext context = load(Duration.ofMillis(300)).newContext()) {
            assertThatThrownBy(() -> context.call("transform", "x")).isInstanceOf(ScriptException.class)
                    .hasMessage("stopped after running longer than 300 ms (../../lib/slow.js:3)")
                    .satisfies(e -> assertThat(((ScriptException) e).line()).isEqualTo(3));
        }
    }

    @Test
    void a_runaway_async_call_is_stopped_naming_the_line_of_its_loop() throws IOException {
        write("interfaces/lab/transform.js", """
                export async function transform(msg) {
                  await null;
                  let n = 0;
                  while (n >= 0) { n = (n + 1) % 1000; }
                  return n;
                }
                """);
        try (ScriptContext context = load(Duration.ofMillis(300)).newContext()) {
            assertThatThrownBy(() -> context.call("transform", "x")).isInstanceOf(ScriptException.class)
                    .hasMessage("stopped after running longer than 300 ms (transform.js:4)");
        }
    }

    @Test
    void a_finished_call_is_no_longer_watched() throws IOException {
        write("interfaces/lab/transform.js", "export function transform(n) { return n + 1; }\n");
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            for (int i = 0; i < 1000; i++) context.call("transform", i);
        }
        assertThat(host.callsInFlight()).isZero();
    }

    @Test
    void an_error_names_the_users_file_and_line() throws IOException {
        write("interfaces/lab/transform.js", """
                export function transform(msg) {
                  const unit = msg.units;
                  return unit.toUpperCase();
                }
                """);
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThatThrownBy(() -> context.call("transform", 42)).isInstanceOf(ScriptException.class)
                    .satisfies(e -> {
                        ScriptException se = (ScriptException) e;
                        assertThat(se.file()).isEqualTo("transform.js");
                        assertThat(se.line()).isEqualTo(3);
                        assertThat(se.getMessage()).contains("(transform.js:3)");
                    });
        }
    }

    @Test
    void console_output_goes_to_the_engine_log_not_to_standard_output() throws IOException {
        write("interfaces/lab/transform.js", "export function transform() { console.log('checked', 3); return 'ok'; }\n");
        java.io.PrintStream realOut = System.out;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(captured, true));
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThat(context.call("transform").asString()).isEqualTo("ok");
        } finally {
            System.setOut(realOut);
        }
        assertThat(captured.toString()).doesNotContain("checked 3");
    }

    @Test
    void endless_loops_are_stopped_every_time_also_once_compiled() throws Exception {
        write("interfaces/lab/transform.js", "export function spin() { while (true) {} }\n");
        InterfaceScript script = load(Duration.ofMillis(300));
        List<String> kinds = new ArrayList<>();
        ScriptContext context = script.newContext();
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            try {
                context.call("spin");
            } catch (ScriptException e) {
                kinds.add(e.kind().name());
                assertThat(e.getMessage()).contains("transform.js");
            }
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(15));
        }
        context.close();
        // Each call ends only after its interrupt finished: a call straight after a stopped one was once
        // taken for the runaway by the interrupt still in progress, and the whole context cancelled.
        assertThat(kinds).containsOnly("TIMEOUT").hasSize(6);
    }

    @Test
    void threads_cannot_be_started() throws IOException {
        write("interfaces/lab/transform.js", """
                export function transform() {
                  const found = [typeof Worker, typeof SharedArrayBuffer === 'function' && typeof Atomics.wait];
                  try { Java.type('java.lang.Thread'); found.push('thread class'); } catch (e) { found.push('refused'); }
                  return found.join(',');
                }
                """);
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThat(context.call("transform").asString()).startsWith("undefined,").endsWith(",refused");
        }
    }

    @Test
    void remote_modules_and_the_network_are_out_of_reach() throws IOException {
        write("interfaces/lab/transform.js", """
                export async function transform() {
                  const found = [typeof XMLHttpRequest, typeof WebSocket];
                  try { await import('https://example.org/evil.js'); found.push('imported'); } catch (e) { found.push('refused'); }
                  return found.join(',');
                }
                """);
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThat(context.settled(context.call("transform")).asString()).isEqualTo("undefined,undefined,refused");
        }
    }

    @Test
    void a_call_that_allocates_without_end_is_stopped_and_the_host_stays_healthy() throws IOException {
        write("interfaces/lab/transform.js", """
                export function hog() { const kept = []; while (true) kept.push(new Array(10000).fill(kept.length)); }
                export function ok() { return 'still here'; }
                """);
        try (ScriptHost small = ScriptHost.start(64L << 20)) {
            InterfaceScript script = small.load(project.resolve("interfaces/lab/transform.js"),
                    Set.of(project.resolve("interfaces/lab")), Duration.ofSeconds(60));
            try (ScriptContext context = script.newContext()) {
                long t0 = System.nanoTime();
                assertThatThrownBy(() -> context.call("hog")).isInstanceOf(ScriptException.class)
                        .satisfies(e -> assertThat(((ScriptException) e).kind()).isEqualTo(ScriptException.Kind.MEMORY))
                        .hasMessageContaining("more than 64 MB");
                assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(30));
                assertThat(context.call("ok").asString()).isEqualTo("still here");
            }
        }
    }

    @Test
    void one_huge_buffer_is_refused() throws IOException {
        write("interfaces/lab/transform.js", "export function transform() { return new ArrayBuffer(2 ** 31 - 1).byteLength; }\n");
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThatThrownBy(() -> context.call("transform")).isInstanceOf(ScriptException.class).hasMessageContaining("RangeError");
        }
    }

    @Test
    void a_decision_in_an_async_function_keeps_its_file_and_line() throws IOException {
        write("interfaces/lab/transform.js", """
                export async function transform() {
                  await Promise.resolve();
                  quarantine('no such ward');
                }
                """);
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            Value promise = context.call("transform");
            assertThatThrownBy(() -> context.settled(promise)).isInstanceOf(ScriptException.class)
                    .satisfies(e -> {
                        ScriptException se = (ScriptException) e;
                        assertThat(se.kind()).isEqualTo(ScriptException.Kind.QUARANTINED);
                        assertThat(se.getMessage()).isEqualTo("no such ward (transform.js:3)");
                    });
        }
    }

    @Test
    void a_missing_function_is_named() throws IOException {
        write("interfaces/lab/transform.js", "export function other() {}\n");
        try (ScriptContext context = load(Duration.ofSeconds(5)).newContext()) {
            assertThatThrownBy(() -> context.call("toLab")).hasMessageContaining("no function 'toLab'").hasMessageContaining("other");
        }
    }

    private InterfaceScript load(Duration timeout) {
        return host.load(project.resolve("interfaces/lab/transform.js"),
                Set.of(project.resolve("interfaces/lab"), project.resolve("lib")), timeout);
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
