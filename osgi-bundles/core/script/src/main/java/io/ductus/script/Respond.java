package io.ductus.script;

import io.ductus.format.csv.CsvParseException;
import io.ductus.format.csv.CsvTable;
import io.ductus.format.hl7.Hl7Message;
import io.ductus.format.hl7.Hl7ParseException;
import io.ductus.core.project.Format;
import io.ductus.sdk.Responder;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * Respond mode: runs the interface's exported function on a request and turns what it returns,
 * {@code {status, headers, body}}, into the response. The request is given to the code as {@code msg}:
 * {@code {method, path, query, headers, body}} with the body read by the interface's format as a
 * destination's {@code msg} is (null when the request has none).
 */
public final class Respond {

    private Respond() {
    }

    /** What came of one request. */
    public sealed interface Result {
    }

    /** The code's answer, ready to send. */
    public record Answer(Responder.Response response) implements Result {
    }

    /** The body cannot be read in the interface's format: the caller's fault (400). */
    public record Unreadable(String reason) implements Result {
    }

    /** The code made no answer: it returned null or called filter(), threw, ran away, or asked for a retry. */
    public record Decided(TransformResult decision) implements Result {
    }

    /**
     * @param charset the body's charset when the request did not name one (the interface's {@code charset:} or UTF-8)
     * @param meta    interface, receivedAt, origin — shown to the code as {@code meta}
     */
    public static Result run(ScriptContext context, String function, Responder.Request request, Format format, Charset charset,
                             Map<String, Object> meta) {
        Charset bodyCharset = request.charset() != null ? request.charset() : charset;
        Object body;
        try {
            body = request.body().length == 0 ? null : body(context, request.body(), bodyCharset, format);
        } catch (Hl7ParseException | XmlParseException | CsvParseException | ScriptException e) {
            return new Unreadable("the body cannot be read as " + format.word() + ": " + e.getMessage());
        }
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("method", request.method());
        msg.put("path", request.path());
        msg.put("query", ProxyObject.fromMap(firstValues(request.query())));
        msg.put("headers", ProxyObject.fromMap(new LinkedHashMap<>(request.headers())));
        msg.put("body", body);
        Value result;
        try {
            result = context.call(function, ProxyObject.fromMap(msg), ProxyObject.fromMap(Map.copyOf(meta)));
            if (isPromise(result)) result = context.settled(result);
            return answer(context, result);
        } catch (ScriptException e) {
            return new Decided(switch (e.kind()) {
                case FILTERED -> new TransformResult.Filtered(e.getMessage());
                case TRANSIENT -> new TransformResult.Transient(e.getMessage());
                case TIMEOUT, MEMORY, CANCELLED -> new TransformResult.Runaway(e.getMessage());
                default -> new TransformResult.Quarantined(e.getMessage());
            });
        }
    }

    private static Object body(ScriptContext context, byte[] payload, Charset charset, Format format)
            throws Hl7ParseException, XmlParseException, CsvParseException {
        return switch (format) {
            case HL7 -> new Hl7View(Hl7Message.parse(payload, charset));
            case XML -> XmlView.parse(payload);
            case JSON -> context.parseJson(new String(payload, charset));
            case CSV -> CsvRows.toObjects(context, CsvTable.read(new String(payload, charset)));
            case TEXT -> new String(payload, charset);
        };
    }

    private static Map<String, Object> firstValues(Map<String, List<String>> query) {
        Map<String, Object> first = new LinkedHashMap<>();
        query.forEach((name, values) -> first.put(name, values.isEmpty() ? "" : values.get(0)));
        return first;
    }

    private static boolean isPromise(Value value) {
        return value != null && !value.isHostObject() && value.getMetaObject() != null
                && "Promise".equals(value.getMetaObject().getMetaSimpleName());
    }

    /** The response the code's value describes; a value that is not {@code {status, headers, body}} is the code's error. */
    private static Result answer(ScriptContext context, Value result) {
        if (result == null || result.isNull()) return new Decided(new TransformResult.Filtered("the code returned null"));
        if (result.isHostObject() || result.isString() || !result.hasMembers() || result.hasArrayElements()) {
            return notAnEnvelope("got " + describe(result));
        }
        int status = 200;
        Value statusValue = result.getMember("status");
        if (statusValue != null && !statusValue.isNull()) {
            if (!statusValue.fitsInInt() || statusValue.asInt() < 100 || statusValue.asInt() > 599) {
                return notAnEnvelope("status must be a number from 100 to 599, got " + statusValue);
            }
            status = statusValue.asInt();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        Value headersValue = result.getMember("headers");
        if (headersValue != null && !headersValue.isNull()) {
            if (!headersValue.hasMembers() || headersValue.isHostObject()) return notAnEnvelope("headers must be an object of names to values");
            for (String name : headersValue.getMemberKeys()) {
                Value value = headersValue.getMember(name);
                headers.put(name.toLowerCase(Locale.ROOT), value.isString() ? value.asString() : value.toString());
            }
        }
        Value bodyValue = result.getMember("body");
        byte[] body;
        if (bodyValue == null || bodyValue.isNull()) {
            body = new byte[0];
        } else if (bodyValue.isHostObject() && bodyValue.asHostObject() instanceof Hl7View view) {
            Charset charset = charsetOf(headers);
            body = view.message().encode(charset);
            headers.putIfAbsent("content-type", "application/hl7-v2; charset=" + charset.name());
        } else if (bodyValue.isHostObject() && bodyValue.asHostObject() instanceof XmlView view) {
            body = view.bytes();
            headers.putIfAbsent("content-type", "application/xml; charset=" + view.charset().name());
        } else if (bodyValue.isString()) {
            Charset charset = charsetOf(headers);
            body = bodyValue.asString().getBytes(charset);
            headers.putIfAbsent("content-type", "text/plain; charset=" + charset.name());
        } else {
            body = context.toJson(bodyValue).getBytes(StandardCharsets.UTF_8);
            headers.putIfAbsent("content-type", "application/json");
        }
        return new Answer(new Responder.Response(status, headers, body));
    }

    /** The charset the code's content-type header names, else UTF-8. */
    private static Charset charsetOf(Map<String, String> headers) {
        String type = headers.get("content-type");
        if (type == null) return StandardCharsets.UTF_8;
        for (String parameter : type.split(";")) {
            String p = parameter.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                try {
                    return Charset.forName(p.substring("charset=".length()).replace("\"", "").strip());
                } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                    return StandardCharsets.UTF_8;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    private static Result notAnEnvelope(String what) {
        return new Decided(new TransformResult.Quarantined("in respond mode the code returns {status, headers, body}; " + what));
    }

    private static String describe(Value value) {
        if (value.isString()) return "a string";
        if (value.hasArrayElements()) return "an array";
        if (value.isHostObject()) return "a " + value.asHostObject().getClass().getSimpleName();
        return value.toString();
    }
}
