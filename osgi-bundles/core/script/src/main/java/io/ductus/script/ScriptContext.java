package io.ductus.script;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
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
    private final ScheduledExecutorService watchdog;
    private final Duration timeout;
    private final AtomicLong callNumber = new AtomicLong();
    private final Map<Source, Value> engineFunctions = new HashMap<>();

    private ScriptContext(Context context, Value exports, ScheduledExecutorService watchdog, Duration timeout) {
        this.context = context;
        this.exports = exports;
        this.watchdog = watchdog;
        this.timeout = timeout;
    }

    /**
     * Loading a module is bounded more loosely than a call: the first load parses and compiles, which
     * on a busy machine can take seconds; the interface's timeout is for runaway transforms.
     */
    static final Duration LOAD_TIMEOUT = Duration.ofSeconds(60);

    static ScriptContext open(Context context, Source module, ScheduledExecutorService watchdog, Duration timeout) {
        Duration loadTimeout = timeout.compareTo(LOAD_TIMEOUT) > 0 ? timeout : LOAD_TIMEOUT;
        try {
            guarded(context, watchdog, loadTimeout, new AtomicLong(), () -> context.eval(Prelude.SOURCE));
            Value exports = guarded(context, watchdog, loadTimeout, new AtomicLong(), () -> context.eval(module));
            return new ScriptContext(context, exports, watchdog, timeout);
        } catch (ScriptException e) {
            context.close(true);
            throw e;
        }
    }

    /** The names the module exports. */
    public java.util.Set<String> exportedNames() {
        return exports.getMemberKeys();
    }

    /** Calls an exported function with the arguments; returns its result (a Value of this context). */
    public Value call(String function, Object... arguments) {
        Value fn = exports.getMember(function);
        if (fn == null || !fn.canExecute()) {
            throw new ScriptException(ScriptException.Kind.MISSING_FUNCTION,
                    "the code exports no function '" + function + "' (it exports " + exports.getMemberKeys() + ")", null, -1);
        }
        return guarded(context, watchdog, timeout, callNumber, () -> fn.execute(arguments));
    }

    private static Value guarded(Context context, ScheduledExecutorService watchdog, Duration timeout, AtomicLong calls,
                                 java.util.function.Supplier<Value> work) {
        long call = calls.incrementAndGet();
        ScheduledFuture<?> alarm = watchdog.schedule(() -> {
            if (calls.get() != call) return; // that call finished; never interrupt the next one
            try {
                context.interrupt(Duration.ofSeconds(5));
            } catch (TimeoutException e) {
                context.close(true); // would not stop: cancel for good (the next call makes a new context)
            }
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            return work.get();
        } catch (PolyglotException e) {
            throw ScriptException.from(e, timeout);
        } finally {
            alarm.cancel(false);
            calls.incrementAndGet();
        }
    }

    /** A JSON text as a plain object of this context. */
    Value parseJson(String json) {
        return guarded(context, watchdog, timeout, callNumber,
                () -> context.getBindings("js").getMember("JSON").getMember("parse").execute(json));
    }

    /** A value of this context as JSON text. */
    String toJson(Value value) {
        return guarded(context, watchdog, timeout, callNumber,
                () -> context.getBindings("js").getMember("JSON").getMember("stringify").execute(value)).asString();
    }

    /**
     * Calls one of the engine's own functions, given as a literal source that evaluates to a function
     * (compiled once per context), guarded like a call: it may run user code, such as a getter.
     */
    Value callEngineFunction(Source function, Object... arguments) {
        return guarded(context, watchdog, timeout, callNumber,
                () -> engineFunctions.computeIfAbsent(function, context::eval).execute(arguments));
    }

    @Override
    public void close() {
        context.close(true);
    }

}
