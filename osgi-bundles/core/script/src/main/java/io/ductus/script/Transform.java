package io.ductus.script;

import io.ductus.format.csv.CsvParseException;
import io.ductus.format.csv.CsvTable;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.core.project.Format;
import java.nio.charset.Charset;
import java.util.Map;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * Runs one exported transform function on one message: {@code (msg, meta) => result}. The message is
 * given in its format's view (HL7: {@link Hl7View}; XML: {@link XmlView}; JSON: a plain object; CSV: an
 * array of plain objects keyed by the header; text: a string); the result is what to deliver, or a
 * decision.
 */
public final class Transform {

    private Transform() {
    }

    /** {@link #run(ScriptContext, String, byte[], Charset, Format, Format, Map)} for a destination that takes what it reads. */
    public static TransformResult run(ScriptContext context, String function, byte[] payload, Charset charset, Format format,
                                      Map<String, Object> meta) {
        return run(context, function, payload, charset, format, format, meta);
    }

    /**
     * @param format the interface's format: how the payload is read for the code
     * @param output the destination's format: how what the code returns is written (an array of objects as
     *               CSV for csv; an object or array as JSON otherwise)
     * @param meta   id, receivedAt, interface, destination, origin — shown to the code as {@code meta}
     */
    public static TransformResult run(ScriptContext context, String function, byte[] payload, Charset charset, Format format,
                                      Format output, Map<String, Object> meta) {
        Object msg;
        CsvTable csv = null; // the CSV input: its header and line ending are reused for the output
        try {
            msg = switch (format) {
                case HL7 -> new Hl7View(Hl7Message.parse(payload, charset));
                case XML -> XmlView.parse(payload);
                case JSON -> context.parseJson(new String(payload, charset));
                case CSV -> {
                    csv = CsvTable.read(new String(payload, charset));
                    yield CsvRows.toObjects(context, csv);
                }
                case TEXT -> new String(payload, charset);
            };
        } catch (Hl7ParseException e) {
            return new TransformResult.Quarantined("the message cannot be read as HL7: " + e.getMessage());
        } catch (XmlParseException e) {
            return new TransformResult.Quarantined("the message cannot be read as XML: " + e.getMessage());
        } catch (CsvParseException e) {
            return new TransformResult.Quarantined("the message cannot be read as CSV: " + e.getMessage());
        } catch (ScriptException e) {
            return new TransformResult.Quarantined("the message cannot be read as " + format.name() + ": " + e.getMessage());
        }
        return call(context, function, msg, csv, output, charset, meta);
    }

    /**
     * As {@link #run(ScriptContext, String, byte[], Charset, Format, Format, Map)} for an HL7 interface
     * whose message the caller has read already ({@code Hl7Message.parse} of the payload in {@code charset}):
     * a caller running several destinations on one message reads it once and gives each a
     * {@link Hl7Message#copy()} of its own to change.
     */
    public static TransformResult run(ScriptContext context, String function, Hl7Message message, Charset charset, Format output,
                                      Map<String, Object> meta) {
        return call(context, function, new Hl7View(message), null, output, charset, meta);
    }

    private static TransformResult call(ScriptContext context, String function, Object msg, CsvTable csv, Format output, Charset charset,
                                        Map<String, Object> meta) {
        Value result;
        try {
            result = context.call(function, msg, ProxyObject.fromMap(Map.copyOf(meta)));
            if (isPromise(result)) result = context.settled(result);
        } catch (ScriptException e) {
            return decision(e);
        }
        return output(context, result, csv, output, charset);
    }

    private static boolean isPromise(Value value) {
        return value != null && !value.isHostObject() && value.getMetaObject() != null
                && "Promise".equals(value.getMetaObject().getMetaSimpleName());
    }

    private static TransformResult decision(ScriptException e) {
        return switch (e.kind()) {
            case FILTERED -> new TransformResult.Filtered(e.getMessage());
            case TRANSIENT -> new TransformResult.Transient(e.getMessage());
            case TIMEOUT, MEMORY, CANCELLED -> new TransformResult.Runaway(e.getMessage());
            case QUARANTINED -> new TransformResult.Quarantined(e.getMessage());
            default -> new TransformResult.Quarantined(e.getMessage(), true);
        };
    }

    /** @param csv the input read as CSV (its header and line ending are the output's defaults), or null */
    private static TransformResult output(ScriptContext context, Value result, CsvTable csv, Format format, Charset charset) {
        if (result == null || result.isNull()) return new TransformResult.Filtered("the transform returned null");
        if (result.isHostObject() && result.asHostObject() instanceof Hl7View view) {
            return new TransformResult.Output(view.message().encode(charset), charset, view.message());
        }
        if (result.isHostObject() && result.asHostObject() instanceof XmlView view) {
            return new TransformResult.Output(view.bytes(), view.charset());
        }
        if (result.isString()) return new TransformResult.Output(result.asString().getBytes(charset), charset);
        if (format == Format.CSV && result.hasArrayElements()) {
            try {
                return new TransformResult.Output(CsvRows.toTable(context, result, csv).write().getBytes(charset), charset);
            } catch (IllegalArgumentException e) {
                return new TransformResult.Quarantined("the transform's result cannot be written as CSV: " + e.getMessage());
            } catch (ScriptException e) {
                return decision(e); // a getter of a row threw, or ran too long
            }
        }
        if (format == Format.JSON || result.hasMembers()) {
            return new TransformResult.Output(context.toJson(result).getBytes(charset), charset);
        }
        return new TransformResult.Output(result.toString().getBytes(charset), charset);
    }
}
