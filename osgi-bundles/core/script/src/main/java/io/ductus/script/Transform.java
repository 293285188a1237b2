package io.ductus.script;

import io.ductus.core.hl7.Hl7Message;
import io.ductus.core.hl7.Hl7ParseException;
import io.ductus.core.project.Format;
import java.nio.charset.Charset;
import java.util.Map;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * Runs one exported transform function on one message: {@code (msg, meta) => result}. The message is
 * given in its format's view (HL7: {@link Hl7View}; JSON: a plain object; anything else: its text);
 * the result is what to deliver, or a decision.
 */
public final class Transform {

    private Transform() {
    }

    /**
     * @param meta id, receivedAt, interface, destination, origin — shown to the code as {@code meta}
     */
    public static TransformResult run(ScriptContext context, String function, byte[] payload, Charset charset, Format format,
                                      Map<String, Object> meta) {
        Object msg;
        Hl7View hl7 = null;
        try {
            switch (format) {
                case HL7 -> {
                    hl7 = new Hl7View(Hl7Message.parse(payload, charset));
                    msg = hl7;
                }
                case JSON -> msg = context.parseJson(new String(payload, charset));
                default -> msg = new String(payload, charset);
            }
        } catch (Hl7ParseException e) {
            return new TransformResult.Quarantined("the message cannot be read as HL7: " + e.getMessage());
        } catch (ScriptException e) {
            return new TransformResult.Quarantined("the message cannot be read as JSON: " + e.getMessage());
        }
        Value result;
        try {
            result = context.call(function, msg, ProxyObject.fromMap(Map.copyOf(meta)));
        } catch (ScriptException e) {
            return switch (e.kind()) {
                case FILTERED -> new TransformResult.Filtered(e.getMessage());
                case TRANSIENT -> new TransformResult.Transient(e.getMessage());
                case TIMEOUT, CANCELLED -> new TransformResult.Runaway(e.getMessage());
                default -> new TransformResult.Quarantined(e.getMessage());
            };
        }
        return output(context, result, hl7, format, charset);
    }

    private static TransformResult output(ScriptContext context, Value result, Hl7View hl7, Format format, Charset charset) {
        if (result == null || result.isNull()) return new TransformResult.Filtered("the transform returned null");
        if (result.isHostObject() && result.asHostObject() instanceof Hl7View view) {
            return new TransformResult.Output(view.message().encode(charset), charset);
        }
        if (result.isString()) return new TransformResult.Output(result.asString().getBytes(charset), charset);
        if (format == Format.JSON || result.hasMembers()) {
            return new TransformResult.Output(context.toJson(result).getBytes(charset), charset);
        }
        return new TransformResult.Output(result.toString().getBytes(charset), charset);
    }
}
