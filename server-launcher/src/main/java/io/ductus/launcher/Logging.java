package io.ductus.launcher;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * One log format for the launcher and every bundle: slf4j-simple on standard error, so standard output
 * carries only what commands print (such as the started line). java.util.logging is bridged into it.
 *
 * <p>At the info level the engine says what it did (the store it opened, each interface and listener, the
 * engine running); the libraries' own narration (Flyway's migrations, Hikari's pool, SSHD's sessions,
 * Netty) is at their debug level, shown with {@code DUCTUS_LOG_LEVEL=debug}.
 */
final class Logging {

    /** The environment variable that sets the level of everything: error, warn, info, debug or trace. */
    static final String LEVEL_VARIABLE = "DUCTUS_LOG_LEVEL";

    /** Libraries that narrate their internals at INFO: warnings and errors only, unless DUCTUS_LOG_LEVEL asks for more. */
    static final String[] QUIET = {"io.netty", "org.flywaydb", "com.zaxxer.hikari", "org.apache.sshd"};

    private Logging() {
    }

    /** @param level the command's own level (info for serve, warn for the rest) unless DUCTUS_LOG_LEVEL says another */
    static void configure(String level) {
        String asked = System.getenv(LEVEL_VARIABLE);
        boolean chosen = asked != null && !asked.isBlank();
        setDefault("org.slf4j.simpleLogger.logFile", "System.err");
        setDefault("org.slf4j.simpleLogger.defaultLogLevel", chosen ? asked.strip().toLowerCase(java.util.Locale.ROOT) : level);
        setDefault("org.slf4j.simpleLogger.showDateTime", "true");
        setDefault("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
        setDefault("org.slf4j.simpleLogger.showThreadName", "false");
        setDefault("org.slf4j.simpleLogger.showShortLogName", "true");
        setDefault("org.slf4j.simpleLogger.levelInBrackets", "false");
        if (!chosen) {
            for (String library : QUIET) setDefault("org.slf4j.simpleLogger.log." + library, "warn");
        }
        String steps = System.getenv(StartupSteps.VARIABLE);
        if (steps != null && !steps.isBlank()) setDefault("org.slf4j.simpleLogger.log." + StartupSteps.LOGGER, "debug");
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }
}
