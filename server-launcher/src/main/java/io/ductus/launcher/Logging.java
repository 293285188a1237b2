package io.ductus.launcher;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * One log format for the launcher and every bundle: slf4j-simple on standard error, so standard output
 * carries only what commands print (such as the started line). java.util.logging is bridged into it.
 */
final class Logging {

    private Logging() {
    }

    static void configure(String level) {
        setDefault("org.slf4j.simpleLogger.logFile", "System.err");
        setDefault("org.slf4j.simpleLogger.defaultLogLevel", level);
        setDefault("org.slf4j.simpleLogger.showDateTime", "true");
        setDefault("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
        setDefault("org.slf4j.simpleLogger.showThreadName", "false");
        setDefault("org.slf4j.simpleLogger.showShortLogName", "true");
        setDefault("org.slf4j.simpleLogger.levelInBrackets", "false");
        // Libraries that chatter at INFO about their own internals.
        setDefault("org.slf4j.simpleLogger.log.io.netty", "warn");
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }
}
