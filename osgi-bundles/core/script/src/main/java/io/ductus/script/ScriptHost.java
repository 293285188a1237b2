package io.ductus.script;

import io.ductus.core.revision.InterfaceFiles;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JavaScript runtime of an engine: one shared GraalJS {@link Engine} (compiled code is shared by
 * every context) and the watchdog that stops runaway code. Interfaces load their code through it.
 */
public final class ScriptHost implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScriptHost.class);

    /** How much one call may allocate before it is stopped as runaway: far above what a transform of a large message needs. */
    public static final long DEFAULT_MEMORY_PER_CALL = 512L << 20;

    private final Engine engine;
    private final RunawayWatch watch;
    private final boolean optimizing;
    private final long memoryPerCall;

    private ScriptHost(Engine engine, RunawayWatch watch, boolean optimizing, long memoryPerCall) {
        this.engine = engine;
        this.watch = watch;
        this.optimizing = optimizing;
        this.memoryPerCall = memoryPerCall;
    }

    public static ScriptHost start() {
        return start(DEFAULT_MEMORY_PER_CALL);
    }

    /** @param memoryPerCall bytes one call may allocate before it is stopped */
    public static ScriptHost start(long memoryPerCall) {
        Engine engine = newEngine();
        boolean optimizing = !engine.getImplementationName().toLowerCase(Locale.ROOT).contains("interpreted");
        // bin/ductus chooses the interpreter for the short commands (validate, test): then it is no news.
        if (!optimizing && !"chosen".equals(System.getProperty("ductus.js.interpreter"))) {
            LOG.warn("JavaScript runs in the interpreter, several times slower: start the engine with bin/ductus on Java 25");
        }
        if (optimizing) startCompilerThreads(engine);
        return new ScriptHost(engine, new RunawayWatch(), optimizing, memoryPerCall);
    }

    /**
     * The shared engine. Its compiler threads are kept when idle ({@code engine.CompilerIdleDelay=0}; by
     * default one ends after 10 s without work): a compiler thread is made by the thread that next asks for a
     * compilation, and Linux gives a new thread the nice value of the thread that made it, so a thread made by
     * a replay's lane (nice 19) compiled the replay's code, and every worker's code after it, only with the CPU
     * every other process left: a replay on a busy machine ran its whole length in the interpreter. The JVM has one
     * compile queue, made by the first engine that compiles, with that engine's options: any other engine of the
     * process (the launcher's warm-up) is made here too.
     */
    public static Engine newEngine() {
        try {
            // experimental in GraalJS 25.0.3 (the version TOOLCHAIN.md pins): allowed for the engine's own options only,
            // contexts keep refusing experimental options
            return builder().allowExperimentalOptions(true).option("engine.CompilerIdleDelay", "0").build();
        } catch (IllegalArgumentException e) { // the interpreter, which has no compiler threads, knows no such option
            Engine engine = builder().build();
            if (!engine.getImplementationName().toLowerCase(Locale.ROOT).contains("interpreted")) {
                LOG.warn("GraalJS's compiler threads end when idle ({}): a replay may make them again at its low priority", e.getMessage());
            }
            return engine;
        }
    }

    private static Engine.Builder builder() {
        return Engine.newBuilder("js")
                .option("engine.WarnInterpreterOnly", "false") // said once below, in the engine's own log
                // GraalJS's own log is dropped; -Dductus.js.log=stderr keeps it (with -Dpolyglot.engine.TraceCompilation=true,
                // what GraalJS compiles and when: docs/development.md)
                .logHandler("stderr".equals(System.getProperty("ductus.js.log")) ? System.err : new ByteArrayOutputStream());
    }

    /** As many hot functions as the engine could have compiler threads: each compilation asked for here makes one. */
    private static final int COMPILER_THREADS_AT_MOST = 4;

    /**
     * Makes the compiler threads now, from the thread that starts the host (of the engine's normal priority),
     * by calling a few small functions past the first compilation threshold: whatever thread asks for a
     * compilation later, the ones that do it are these.
     */
    private static void startCompilerThreads(Engine engine) {
        StringBuilder js = new StringBuilder();
        for (int i = 0; i < COMPILER_THREADS_AT_MOST; i++) js.append("function f").append(i).append("(x) { return x + ").append(i).append("; }\n");
        js.append("let sum = 0;\nfor (let i = 0; i < 2000; i++) {");
        for (int i = 0; i < COMPILER_THREADS_AT_MOST; i++) js.append(" sum += f").append(i).append("(i);");
        js.append(" }\nsum;\n");
        try (Context context = Context.newBuilder("js").engine(engine).allowHostAccess(InterfaceScript.HOST_ACCESS).build()) {
            context.eval(Source.newBuilder("js", js.toString(), Prelude.NAME).buildLiteral());
        } catch (RuntimeException e) {
            LOG.debug("the compiler threads were not started at once: {}", e.toString());
        }
    }

    /** True when GraalJS runs with its optimizing compiler (false: the interpreter it falls back to). */
    public boolean optimizing() {
        return optimizing;
    }

    /**
     * Loads an interface's code: the ES module {@code moduleFile}, which may import files under
     * {@code codeRoots} (the interface folder and the project's lib/). Each call into it is stopped after
     * {@code timeout}, or when it allocates more than the host allows; it reaches the outside only
     * through {@code services}.
     */
    public InterfaceScript load(Path moduleFile, Set<Path> codeRoots, Duration timeout, ScriptServices services) {
        return new InterfaceScript(engine, watch, moduleFile, codeRoots, timeout, memoryPerCall, services);
    }

    /**
     * Loads an interface's code from its files in memory (a revision's or a draft's): {@code
     * interfaces/<name>/transform.js} of {@code code}, which may import the others, each read at the path
     * it has under {@code projectFolder} (nothing is read from disk). Otherwise as {@link #load(Path, Set, Duration, ScriptServices)}.
     */
    public InterfaceScript load(Path projectFolder, InterfaceFiles code, Duration timeout, ScriptServices services) {
        return new InterfaceScript(engine, watch, projectFolder, code, InterfaceFiles.moduleFile(code.interfaceName()), timeout,
                memoryPerCall, services);
    }

    /** A test file of {@code code} (a path such as {@code interfaces/<name>/tests/a.test.js}), read from memory. */
    public TestFile loadTests(Path projectFolder, InterfaceFiles code, String testPath, Duration timeout) {
        Path file = projectFolder.toAbsolutePath().normalize().resolve(testPath);
        return new TestFile(new InterfaceScript(engine, watch, projectFolder, code, testPath, timeout, memoryPerCall,
                ScriptServices.NONE), file, code.interfaceName());
    }

    /** Loads code that has no services (every db(), fetch(), env() and secret() call fails, saying so). */
    public InterfaceScript load(Path moduleFile, Set<Path> codeRoots, Duration timeout) {
        return load(moduleFile, codeRoots, timeout, ScriptServices.NONE);
    }

    /**
     * Loads a test file of {@code ductus test}: an ES module under the interface's {@code tests/} folder
     * that may import files under {@code codeRoots}, run with the test runtime's globals and mocks instead
     * of services; each test is stopped after {@code timeout} (the interface's).
     *
     * @param interfaceName the interface the tests are of, for {@code meta()}
     */
    public TestFile loadTests(Path testFile, Set<Path> codeRoots, Duration timeout, String interfaceName) {
        Path file = testFile.toAbsolutePath().normalize();
        return new TestFile(new InterfaceScript(engine, watch, file, codeRoots, timeout, memoryPerCall, ScriptServices.NONE), file,
                interfaceName);
    }

    /** Calls the watchdog still watches (for tests). */
    int callsInFlight() {
        return watch.callsInFlight();
    }

    @Override
    public void close() {
        watch.close();
        engine.close(true);
    }
}
