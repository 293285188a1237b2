package io.ductus.launcher;

import java.lang.management.ManagementFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of a command's start, each with the milliseconds since the JVM started, logged at debug by the
 * logger {@value #LOGGER} (the engine's bundles log theirs there too); {@code DUCTUS_STARTUP_STEPS=1} shows
 * them. {@code bench/run startup} reads them to say where the time goes.
 */
final class StartupSteps {

    static final String LOGGER = "ductus.startup";
    static final String VARIABLE = "DUCTUS_STARTUP_STEPS";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private StartupSteps() {
    }

    static void mark(String step) {
        if (LOG.isDebugEnabled()) LOG.debug("{} ms {}", ManagementFactory.getRuntimeMXBean().getUptime(), step);
    }
}
