package io.ductus.script;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * One thread's context of an interface's code. Calls into it are guarded: code that runs past the
 * interface's timeout is interrupted (the context stays usable), and any error comes back as a
 * {@link ScriptException} naming the user's file and line.
 */
public final class ScriptContext implements AutoCloseable {

    private final Context context;
    private final Value exports;
    private final Value testRunner;
    private final String moduleName;
    private volatile boolean cancelled;
    private final RunawayWatch watch;
    private final Duration timeout;
    private final long memoryLimit;
    /** Calls count the CPU time of their thread against the timeout (a replay's), not the time passed. */
    private final boolean cpuTimed;
    private final Map<Source, Value> engineFunctions = new HashMap<>();

    private ScriptContext(Context context, Value exports, Value testRunner, String moduleName, RunawayWatch watch, Duration timeout,
                          long memoryLimit, boolean cpuTimed) {
        this.context = context;
        this.moduleName = moduleName;
        this.exports = exports;
        this.testRunner = testRunner;
        this.watch = watch;
        this.timeout = timeout;
        this.memoryLimit = memoryLimit;
        this.cpuTimed = cpuTimed;
    }

    /**
     * Loading a module is bounded more loosely than a call: the first load parses and compiles, which
     * on a busy machine can take seconds; the interface's timeout is for runaway transforms. A replay's
     * load (a context with a pinned clock, on a thread of the lowest priority) counts it in its thread's
     * CPU time, as its calls do: such a thread waits for the CPU as long as intake and the workers need
     * it, and on a loaded machine a cold load waited longer than this for its turns and was stopped as a
     * runaway (ReplayRoutesTest, now and then).
     */
    static final Duration LOAD_TIMEOUT = Duration.ofSeconds(60);

    /** A replay's load that uses no CPU (blocked in a service call at its top level) is stopped at this time all the same. */
    static final Duration LOAD_BACKSTOP = Duration.ofMinutes(10);

    static ScriptContext open(Context context, Source module, RunawayWatch watch, Duration timeout, long memoryLimit) {
        return open(context, module, watch, timeout, memoryLimit, null);
    }

    /**
     * @param testSetup for a test file: installs the test runtime after the prelude and before the module,
     *                  and answers its runner (null: an interface's code)
     */
    static ScriptContext open(Context context, Source module, RunawayWatch watch, Duration timeout, long memoryLimit,
                              java.util.function.Function<Context, Value> testSetup) {
        return open(context, module, watch, timeout, memoryLimit, testSetup, null);
    }

    /**
     * @param clock the pinned time and seeded randomness the code sees (null: the real ones), installed after
     *              the prelude. A context with a pinned clock is a replay's, which runs at the lowest priority:
     *              its calls' timeout counts the CPU time of their thread ({@link RunawayWatch#beginCpuTimed}).
     */
    static ScriptContext open(Context context, Source module, RunawayWatch watch, Duration timeout, long memoryLimit,
                              java.util.function.Function<Context, Value> testSetup, PinnedClock clock) {
        return open(context, module, watch, timeout, memoryLimit, testSetup, clock, LOAD_TIMEOUT);
    }

    /**
     * @param loadLimit how long loading may take at least ({@link #LOAD_TIMEOUT}; a test's shorter one): the
     *                  time passed, or for a replay's context (with {@code clock}) its thread's CPU time, stopped
     *                  at {@link #LOAD_BACKSTOP} however little CPU it uses
     */
    static ScriptContext open(Context context, Source module, RunawayWatch watch, Duration timeout, long memoryLimit,
                              java.util.function.Function<Context, Value> testSetup, PinnedClock clock, Duration loadLimit) {
        Duration loadTimeout = timeout.compareTo(loadLimit) > 0 ? timeout : loadLimit;
        Duration backstop = clock == null ? null : loadTimeout.compareTo(LOAD_BACKSTOP) > 0 ? loadTimeout : LOAD_BACKSTOP;
        try {
            guarded(context, watch, loadTimeout, backstop, memoryLimit, () -> context.eval(Prelude.SOURCE));
            if (clock != null) guarded(context, watch, loadTimeout, backstop, memoryLimit, () -> {
                clock.install(context);
                return null;
            });
            Value runner = testSetup == null ? null : guarded(context, watch, loadTimeout, backstop, memoryLimit, () -> testSetup.apply(context));
            Value exports = guarded(context, watch, loadTimeout, backstop, memoryLimit, () -> context.eval(module));
            return new ScriptContext(context, exports, runner, module.getName(), watch, timeout, memoryLimit, clock != null);
        } catch (RuntimeException e) {
            context.close(true);
            throw e;
        }
    }

    /** The names the module exports (a copy: it stays readable once the context is closed). */
    public java.util.Set<String> exportedNames() {
        return java.util.Set.copyOf(exports.getMemberKeys());
    }

    /** The names of the functions the module exports (what a destination's transform: may name). */
    public java.util.Set<String> exportedFunctions() {
        java.util.Set<String> functions = new java.util.TreeSet<>();
        for (String name : exports.getMemberKeys()) {
            if (exports.getMember(name).canExecute()) functions.add(name);
        }
        return functions;
    }

    /** Calls an exported function with the arguments; returns its result (a Value of this context). */
    public Value call(String function, Object... arguments) {
        Value fn = exports.getMember(function);
        if (fn == null || !fn.canExecute()) {
            throw new ScriptException(ScriptException.Kind.MISSING_FUNCTION,
                    "the code exports no function '" + function + "' (it exports " + exports.getMemberKeys() + ")", null, -1);
        }
        try {
            return guarded(context, watch, timeout, callBackstop(), memoryLimit, () -> fn.execute(arguments));
        } catch (ScriptException e) {
            if (e.kind() != ScriptException.Kind.CANCELLED) throw e;
            // Code that would not stop at an interrupt was cancelled with its whole context: say which
            // code it was (GraalJS gives no location then), and let the owner make a new context.
            cancelled = true;
            if (e.file() != null) throw e;
            throw new ScriptException(ScriptException.Kind.CANCELLED, e.getMessage() + " (" + moduleName + ", " + function + ")",
                    moduleName, -1);
        }
    }

    /** True once runaway code was cancelled with this context: it can run nothing more; close it and make another. */
    public boolean cancelled() {
        return cancelled;
    }

    /** The test runtime's runner of a test file's context (null for interface code). */
    Value testRunner() {
        return testRunner;
    }

    /** Runs work in this context under the same guard as a call (for the engine's own helpers such as JSON). */
    Value guarded(java.util.function.Supplier<Value> work) {
        return guarded(context, watch, timeout, callBackstop(), memoryLimit, work);
    }

    /** For a replay's context, when a call that uses no CPU is stopped all the same; null: the timeout counts the time passed. */
    private Duration callBackstop() {
        return !cpuTimed ? null : LOAD_TIMEOUT.compareTo(timeout) > 0 ? LOAD_TIMEOUT : timeout;
    }

    /**
     * @param backstop null: {@code timeout} counts the time passed; otherwise it counts the thread's CPU time and the
     *                 work is stopped at {@code backstop} of time passed however little CPU it uses
     */
    private static Value guarded(Context context, RunawayWatch watch, Duration timeout, Duration backstop, long memoryLimit,
                                 java.util.function.Supplier<Value> work) {
        RunawayWatch.Call call = backstop != null ? watch.beginCpuTimed(context, timeout, backstop, memoryLimit)
                : watch.begin(context, timeout, memoryLimit);
        try {
            return work.get();
        } catch (PolyglotException e) {
            throw ScriptException.from(e, call.stopped, call.stoppedAt, timeout, memoryLimit);
        } finally {
            watch.end(call);
        }
    }

    /**
     * The value an async function's promise settled with. Promise jobs run before a call returns, and
     * the services answer synchronously, so a promise is settled by then unless the code awaits
     * something that never comes. A rejection is thrown again inside the context, so it fails like a
     * synchronous error (same decision, same file and line).
     */
    Value settled(Value promise) {
        Value[] outcome = new Value[2];
        boolean[] settled = new boolean[2];
        guarded(() -> promise.invokeMember("then",
                (org.graalvm.polyglot.proxy.ProxyExecutable) args -> {
                    settled[0] = true;
                    return outcome[0] = args.length > 0 ? args[0] : null;
                },
                (org.graalvm.polyglot.proxy.ProxyExecutable) args -> {
                    settled[1] = true;
                    return outcome[1] = args.length > 0 ? args[0] : null;
                }));
        if (settled[1]) {
            return guarded(() -> context.eval(RETHROW).execute(outcome[1]));
        }
        if (!settled[0]) {
            throw new ScriptException(ScriptException.Kind.ERROR, "the transform's promise never settled: it awaits something that never comes", null, -1);
        }
        return outcome[0];
    }

    private static final Source RETHROW = Source.newBuilder("js", "(error) => { throw error; }", Prelude.NAME).buildLiteral();

    /** A JSON text as a plain object of this context. */
    Value parseJson(String json) {
        return guarded(() -> context.getBindings("js").getMember("JSON").getMember("parse").execute(json));
    }

    /** A value of this context as JSON text. */
    String toJson(Value value) {
        return guarded(() -> context.getBindings("js").getMember("JSON").getMember("stringify").execute(value)).asString();
    }

    /**
     * Calls one of the engine's own functions, given as a literal source that evaluates to a function
     * (compiled once per context), guarded like a call: it may run user code, such as a getter.
     */
    Value callEngineFunction(Source function, Object... arguments) {
        return guarded(() -> engineFunctions.computeIfAbsent(function, context::eval).execute(arguments));
    }

    @Override
    public void close() {
        context.close(true);
    }

}
