package io.ductus.script;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
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
    private final Set<Path> codeRoots;
    private final Duration timeout;
    private final long memoryLimit;
    private final ScriptServices services;
    private final org.slf4j.Logger log;

    InterfaceScript(Engine engine, RunawayWatch watch, Path moduleFile, Set<Path> codeRoots, Duration timeout, long memoryLimit,
                    ScriptServices services) {
        this.engine = engine;
        this.watch = watch;
        this.moduleFile = moduleFile.toAbsolutePath().normalize();
        this.codeRoots = codeRoots;
        this.timeout = timeout;
        this.memoryLimit = memoryLimit;
        this.services = services;
        this.log = org.slf4j.LoggerFactory.getLogger("script." + moduleFile.getParent().getFileName());
        try {
            this.module = Source.newBuilder("js", moduleFile.toFile()).mimeType("application/javascript+module").build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + moduleFile, e);
        }
    }

    /** The module's file. */
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
     * A sandboxed context with the module evaluated: no host classes, no files but the code folders
     * (read only), no network, threads, processes, environment or native access; {@code load} and
     * {@code print} are gone. The outside is reached only through the engine's services. Fails with {@link ScriptException} when the module itself does not load.
     */
    public ScriptContext newContext() {
        Context context = sandbox(new ScriptLog(log, false), new ScriptLog(log, true));
        context.getBindings("js").putMember(ServiceOps.BINDING, new ServiceOps(services, timeout));
        return ScriptContext.open(context, module, watch, timeout, memoryLimit);
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
                .allowIO(IOAccess.newBuilder().fileSystem(new CodeFileSystem(codeRoots)).build())
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
