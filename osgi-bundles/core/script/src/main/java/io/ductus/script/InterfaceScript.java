package io.ductus.script;

import io.ductus.core.revision.InterfaceFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;

/**
 * One interface's code, ready to run: its module source (parsed once, shared) and the sandbox every
 * context of it gets. A context is single-threaded: each worker thread makes its own with
 * {@link #newContext()} and reuses it for every message.
 */
public final class InterfaceScript {

    /** Only what the engine marks with @HostAccess.Export, plus lists (segments) seen as arrays. One policy for every context. */
    static final HostAccess HOST_ACCESS = HostAccess.newBuilder(HostAccess.EXPLICIT).allowListAccess(true).build();

    private final Engine engine;
    private final RunawayWatch watch;
    private final Path moduleFile;
    private final Source module;
    private final org.graalvm.polyglot.io.FileSystem files;
    private final Duration timeout;
    private final long memoryLimit;
    private final ScriptServices services;
    private final org.slf4j.Logger log;

    /** Code on disk: the module file, which may import files under {@code codeRoots}. */
    InterfaceScript(Engine engine, RunawayWatch watch, Path moduleFile, Set<Path> codeRoots, Duration timeout, long memoryLimit,
                    ScriptServices services) {
        this(engine, watch, moduleFile.toAbsolutePath().normalize(), fileSource(moduleFile, null), new CodeFileSystem(codeRoots),
                timeout, memoryLimit, services, moduleFile.getParent().getFileName().toString());
    }

    /**
     * Code from a revision's or a draft's files, read from memory at the paths they would have under
     * {@code projectFolder}: the module at {@code modulePath} (relative to the project) may import the others.
     */
    InterfaceScript(Engine engine, RunawayWatch watch, Path projectFolder, InterfaceFiles code, String modulePath, Duration timeout,
                    long memoryLimit, ScriptServices services) {
        this(engine, watch, projectFolder.toAbsolutePath().normalize().resolve(modulePath),
                code.text(modulePath).orElseThrow(() -> new IllegalArgumentException("no file " + modulePath + " among " + code.paths())),
                new MemoryCodeFileSystem(projectFolder, code), timeout, memoryLimit, services, code.interfaceName());
    }

    private InterfaceScript(Engine engine, RunawayWatch watch, Path moduleFile, String content, org.graalvm.polyglot.io.FileSystem files,
                            Duration timeout, long memoryLimit, ScriptServices services, String logName) {
        this(engine, watch, moduleFile, fileSource(moduleFile, content), files, timeout, memoryLimit, services, logName);
    }

    private InterfaceScript(Engine engine, RunawayWatch watch, Path moduleFile, Source module, org.graalvm.polyglot.io.FileSystem files,
                            Duration timeout, long memoryLimit, ScriptServices services, String logName) {
        this.engine = engine;
        this.watch = watch;
        this.moduleFile = moduleFile;
        this.module = module;
        this.files = files;
        this.timeout = timeout;
        this.memoryLimit = memoryLimit;
        this.services = services;
        this.log = org.slf4j.LoggerFactory.getLogger("script." + logName);
    }

    /** A module source named by its file (so errors say file and line); its text given, or read from the file. */
    private static Source fileSource(Path file, String content) {
        Source.Builder builder = Source.newBuilder("js", file.toFile()).mimeType("application/javascript+module");
        if (content != null) builder.content(content);
        try {
            return builder.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The module's file (where it is, or would be, in the project folder). */
    public Path moduleFile() {
        return moduleFile;
    }

    private java.util.Set<String> functions;

    /**
     * The functions the module exports, read once in a context of its own (loading it).
     *
     * @throws ScriptException when the module does not load
     */
    public synchronized java.util.Set<String> exportedFunctions() {
        if (functions == null) {
            try (ScriptContext context = newContext()) {
                functions = java.util.Set.copyOf(context.exportedFunctions());
            }
        }
        return functions;
    }

    /**
     * The text of one of the code's files as the code reads it (from its folders on disk, or from the
     * revision's files in memory), or empty when the code may not read it.
     */
    public Optional<String> codeText(Path file) {
        try (java.nio.channels.SeekableByteChannel channel = files.newByteChannel(file.toAbsolutePath().normalize(),
                Set.of(java.nio.file.StandardOpenOption.READ))) {
            return Optional.of(new String(java.nio.channels.Channels.newInputStream(channel).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The interface's timeout: how long one call may run. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * A sandboxed context with the module evaluated: no host classes, no files but the code folders
     * (read only), no network, threads, processes, environment or native access; {@code load} and
     * {@code print} are gone. The outside is reached only through the engine's services. Fails with {@link ScriptException} when the module itself does not load.
     */
    public ScriptContext newContext() {
        return newContext(new ScriptLog(log, false), new ScriptLog(log, true));
    }

    /**
     * A context like {@link #newContext()} whose console output ({@code console.log}, {@code log.info},
     * warnings and errors alike) goes to {@code output} instead of the engine log: a trial shows it with
     * the result.
     */
    public ScriptContext newContext(java.io.OutputStream output) {
        return newContext(output, output);
    }

    /**
     * A context like {@link #newContext(java.io.OutputStream)} whose code sees the time and randomness of
     * {@code clock} ({@code Date}, {@code Math.random}), pinned before each call: a replay's, so that a run
     * on a stored message gives the same result every time.
     */
    public ScriptContext newContext(java.io.OutputStream output, PinnedClock clock) {
        return newContext(output, output, clock);
    }

    private ScriptContext newContext(java.io.OutputStream out, java.io.OutputStream err) {
        return newContext(out, err, null);
    }

    private ScriptContext newContext(java.io.OutputStream out, java.io.OutputStream err, PinnedClock clock) {
        return newContext(out, err, clock, ScriptContext.LOAD_TIMEOUT);
    }

    /** As {@link #newContext(java.io.OutputStream, PinnedClock)}, with the load bounded by {@code loadLimit} (for tests). */
    ScriptContext newContext(java.io.OutputStream output, PinnedClock clock, Duration loadLimit) {
        return newContext(output, output, clock, loadLimit);
    }

    private ScriptContext newContext(java.io.OutputStream out, java.io.OutputStream err, PinnedClock clock, Duration loadLimit) {
        Context context = sandbox(out, err);
        context.getBindings("js").putMember(ServiceOps.BINDING, new ServiceOps(services, timeout));
        return ScriptContext.open(context, module, watch, timeout, memoryLimit, null, clock, loadLimit);
    }

    /**
     * A context of a test file ({@code ductus test}): the same sandbox, with the test runtime installed
     * between the prelude and the module; the services are the test's mocks, and console output goes to
     * {@code output} so the runner can show it with the test.
     */
    ScriptContext newTestContext(java.io.OutputStream output, String interfaceName) {
        Context context = sandbox(output, output);
        return ScriptContext.open(context, module, watch, timeout, memoryLimit,
                c -> TestRuntime.install(c, new TestHost(), interfaceName));
    }

    private Context sandbox(java.io.OutputStream out, java.io.OutputStream err) {
        return Context.newBuilder("js")
                .engine(engine)
                .allowHostAccess(HOST_ACCESS)
                .allowHostClassLookup(className -> false)
                .allowHostClassLoading(false)
                .allowIO(IOAccess.newBuilder().fileSystem(files).build())
                .allowCreateThread(false)
                .allowCreateProcess(false)
                .allowNativeAccess(false)
                .allowEnvironmentAccess(EnvironmentAccess.NONE)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .option("js.load", "false")
                .option("js.print", "false")
                .option("js.esm-eval-returns-exports", "true")
                .out(out)
                .err(err)
                .build();
    }
}
