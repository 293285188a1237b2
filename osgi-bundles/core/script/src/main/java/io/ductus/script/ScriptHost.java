package io.ductus.script;

import io.ductus.core.revision.InterfaceFiles;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import org.graalvm.polyglot.Engine;
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
        Engine engine = Engine.newBuilder("js")
                .option("engine.WarnInterpreterOnly", "false") // said once below, in the engine's own log
                .logHandler(new ByteArrayOutputStream())
                .build();
        boolean optimizing = !engine.getImplementationName().toLowerCase(Locale.ROOT).contains("interpreted");
        // bin/ductus chooses the interpreter for the short commands (validate, test): then it is no news.
        if (!optimizing && !"chosen".equals(System.getProperty("ductus.js.interpreter"))) {
            LOG.warn("JavaScript runs in the interpreter, several times slower: start the engine with bin/ductus on Java 25");
        }
        return new ScriptHost(engine, new RunawayWatch(), optimizing, memoryPerCall);
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
