package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.Test;

/**
 * A replay's calls run at the lowest priority, so their timeout counts the CPU time of their thread: a call
 * that waits (for the CPU, or for a read) is not taken for a runaway, one that computes past its budget is.
 */
class CpuTimedCallTest {

    @Test
    void a_cpu_timed_call_that_waits_past_its_timeout_goes_on_and_one_that_computes_past_it_is_stopped() throws Exception {
        try (RunawayWatch watch = new RunawayWatch(); Context context = Context.create("js")) {
            RunawayWatch.Call waiting = watch.beginCpuTimed(context, Duration.ofMillis(200), Duration.ofSeconds(60), Long.MAX_VALUE);
            Thread.sleep(600); // three timeouts of time, next to no CPU: what a starved low-priority thread sees
            assertThat(waiting.stopped).isNull();
            watch.end(waiting);

            RunawayWatch.Call computing = watch.beginCpuTimed(context, Duration.ofMillis(200), Duration.ofSeconds(60), Long.MAX_VALUE);
            long deadline = System.nanoTime() + 20_000_000_000L;
            double x = 1;
            while (computing.stopped == null && System.nanoTime() < deadline) x += Math.sqrt(x);
            assertThat(computing.stopped).as("stopped after 200 ms of its thread's CPU (x=%s)", x).isEqualTo(RunawayWatch.Reason.TIMEOUT);
            watch.end(computing);
        }
    }

    @Test
    void a_cpu_timed_call_is_stopped_at_its_backstop_however_little_it_computes() throws Exception {
        try (RunawayWatch watch = new RunawayWatch(); Context context = Context.create("js")) {
            RunawayWatch.Call blocked = watch.beginCpuTimed(context, Duration.ofSeconds(5), Duration.ofMillis(300), Long.MAX_VALUE);
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (blocked.stopped == null && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(blocked.stopped).isEqualTo(RunawayWatch.Reason.TIMEOUT);
            watch.end(blocked);
        }
    }
}
