package io.ductus.engine.runtime;

import io.ductus.core.project.Format;
import io.ductus.script.InterfaceScript;
import io.ductus.script.ScriptContext;
import io.ductus.script.ScriptException;
import io.ductus.script.Transform;
import io.ductus.script.TransformResult;
import io.ductus.store.PendingDelivery;
import java.nio.charset.Charset;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A destination's transform, as one worker runs it: the worker's own context of the interface's code
 * (made on first use, reused for every message, closed with the worker).
 */
final class Transformer {

    private final InterfaceScript script;
    private final String function;
    private final Format format;
    private final Format output;
    private final RunawayGuard guard;

    /**
     * @param format the interface's format, which the message is read in
     * @param output the destination's, which what the code returns is written in
     */
    Transformer(InterfaceScript script, String function, Format format, Format output, RunawayGuard guard) {
        this.script = script;
        this.function = function;
        this.format = format;
        this.output = output;
        this.guard = guard;
    }

    /** What the code sees as {@code meta}: id, receivedAt, interface, destination, origin ("" when none). */
    static Map<String, Object> meta(long messageId, long receivedAt, String interfaceName, String destination, String origin) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("id", messageId);
        meta.put("receivedAt", Instant.ofEpochMilli(receivedAt).toString());
        meta.put("interface", interfaceName);
        meta.put("destination", destination);
        meta.put("origin", origin == null ? "" : origin);
        return meta;
    }

    /** One worker's use of the transform. */
    Session session() {
        return new Session();
    }

    final class Session implements AutoCloseable {
        private ScriptContext context;

        TransformResult apply(PendingDelivery delivery) {
            if (context == null) {
                try {
                    context = script.newContext();
                } catch (ScriptException e) {
                    return new TransformResult.Quarantined("transform.js does not load: " + e.getMessage());
                }
            }
            TransformResult result = Transform.run(context, function, delivery.payload(), Charset.forName(delivery.charset()),
                    format, output, meta(delivery.messageId(), delivery.receivedAt(), delivery.destination().interfaceName(),
                            delivery.destination().destination(), delivery.sourceInfo()));
            if (result instanceof TransformResult.Runaway runaway) guard.ranPastTimeout(runaway.reason());
            else guard.ranFine();
            if (context.cancelled()) { // the runaway was cancelled with its context: the next message gets a new one
                context.close();
                context = null;
            }
            return result;
        }

        @Override
        public void close() {
            if (context != null) context.close();
        }
    }
}
