package io.ductus.launcher;

import java.time.Duration;
import java.time.Instant;
import sun.misc.Signal;

/**
 * SIGTERM and Ctrl-C request a graceful stop instead of killing the JVM, so the command can finish the
 * stop and exit 0 (a JVM ended by the signal itself would exit 143).
 */
final class StopSignals {

    private StopSignals() {
    }

    static void onStop(Runnable action) {
        for (String name : new String[] {"TERM", "INT"}) {
            Signal.handle(new Signal(name), signal -> action.run());
        }
    }

    static long millisSinceProcessStart() {
        Instant start = ProcessHandle.current().info().startInstant().orElse(Instant.now());
        return Duration.between(start, Instant.now()).toMillis();
    }
}
