package io.ductus.launcher;

import java.lang.management.ManagementFactory;
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

    /** Since the JVM started (not the process: ./ductus may have spent minutes building before exec). */
    static long millisSinceJvmStart() {
        return ManagementFactory.getRuntimeMXBean().getUptime();
    }
}
