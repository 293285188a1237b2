package io.ductus.script;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.graalvm.polyglot.Engine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JavaScript runtime of an engine: one shared GraalJS {@link Engine} (compiled code is shared by
 * every context) and the watchdog that stops runaway code. Interfaces load their code through it.
 */
public final class ScriptHost implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScriptHost.class);

    private final Engine engine;
    private final ScheduledThreadPoolExecutor watchdog;
    private final boolean optimizing;

    private ScriptHost(Engine engine, ScheduledThreadPoolExecutor watchdog, boolean optimizing) {
        this.engine = engine;
        this.watchdog = watchdog;
        this.optimizing = optimizing;
    }

    public static ScriptHost start() {
        Engine engine = Engine.newBuilder("js")
                .option("engine.WarnInterpreterOnly", "false") // said once below, in the engine's own log
                .logHandler(new ByteArrayOutputStream())
                .build();
        boolean optimizing = !engine.getImplementationName().toLowerCase(Locale.ROOT).contains("interpreted");
        if (!optimizing) {
            LOG.warn("JavaScript runs in the interpreter, several times slower: start the engine with bin/ductus on Java 25");
        }
        ScheduledThreadPoolExecutor watchdog = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "ductus-script-watchdog");
            t.setDaemon(true);
            return t;
        });
        // Every call schedules an alarm and cancels it when it returns: take cancelled alarms out of the
        // queue at once, or each would stay there for the whole timeout (at 50,000 calls a second and 5 s,
        // 250,000 of them, copied by every young collection).
        watchdog.setRemoveOnCancelPolicy(true);
        return new ScriptHost(engine, watchdog, optimizing);
    }

    /** True when GraalJS runs with its optimizing compiler (false: the interpreter it falls back to). */
    public boolean optimizing() {
        return optimizing;
    }

    /**
     * Loads an interface's code: the ES module {@code moduleFile}, which may import files under
     * {@code codeRoots} (the interface folder and the project's lib/). Each call into it is stopped after
     * {@code timeout}.
     */
    public InterfaceScript load(Path moduleFile, Set<Path> codeRoots, Duration timeout) {
        return new InterfaceScript(engine, watchdog, moduleFile, codeRoots, timeout);
    }

    /** Alarms of calls still waiting in the watchdog's queue (for tests). */
    int pendingAlarms() {
        return watchdog.getQueue().size();
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        engine.close(true);
    }
}
