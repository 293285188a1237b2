package io.ductus.engine;

import java.lang.management.ManagementFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's steps of the start, with the milliseconds since the JVM started, at debug on the logger the
 * launcher logs its steps to ({@code ductus.startup}; {@code DUCTUS_STARTUP_STEPS=1} shows them).
 */
public final class StartupSteps {

    private static final Logger LOG = LoggerFactory.getLogger("ductus.startup");

    private StartupSteps() {
    }

    public static void mark(String step) {
        if (LOG.isDebugEnabled()) LOG.debug("{} ms {}", ManagementFactory.getRuntimeMXBean().getUptime(), step);
    }
}
