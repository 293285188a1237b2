package io.ductus.script;

import io.ductus.script.ScriptServices.FetchRequest;
import io.ductus.script.ScriptServices.FetchResponse;
import io.ductus.script.ScriptServices.ServiceException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * The bridge between the prelude's {@code db()}, {@code fetch()}, {@code env()} and {@code secret()}
 * and the engine's {@link ScriptServices}, bound as {@code globalThis.__ductus_ops}. Each call answers
 * {@code {value}} or {@code {error, temporary}}; the prelude turns an error into a JavaScript error
 * thrown at the user's line (or a transient decision). {@code ductus test} binds a JavaScript object
 * with the same methods and answers instead.
 */
public final class ServiceOps {

    static final String BINDING = "__ductus_ops";

    private final ScriptServices services;
    private final Duration callTimeout;

    ServiceOps(ScriptServices services, Duration callTimeout) {
        this.services = services;
        this.callTimeout = callTimeout;
    }

    @HostAccess.Export
    public ProxyObject query(String database, String sql, Value parameters) {
        return answer(() -> {
            List<Object> rows = new ArrayList<>();
            for (Map<String, Object> row : services.query(database, sql, parameters(parameters))) rows.add(ProxyObject.fromMap(new LinkedHashMap<>(row)));
            return ProxyArray.fromList(rows);
        });
    }

    @HostAccess.Export
    public ProxyObject execute(String database, String sql, Value parameters) {
        return answer(() -> services.execute(database, sql, parameters(parameters)));
    }

    /** {@code timeoutMillis} 0: the interface's timeout; never longer than it. */
    @HostAccess.Export
    public ProxyObject fetch(String url, String method, Value headers, String body, long timeoutMillis, String tlsCa,
                             String tlsCertificate) {
        return answer(() -> {
            Map<String, String> requestHeaders = new LinkedHashMap<>();
            if (headers != null && headers.hasMembers()) {
                for (String name : headers.getMemberKeys()) {
                    Value value = headers.getMember(name);
                    requestHeaders.put(name, value.isString() ? value.asString() : value.toString());
                }
            }
            Duration timeout = timeoutMillis > 0 && timeoutMillis < callTimeout.toMillis() ? Duration.ofMillis(timeoutMillis) : callTimeout;
            FetchResponse response = services.fetch(new FetchRequest(url, method.toUpperCase(java.util.Locale.ROOT), requestHeaders,
                    body == null ? null : body.getBytes(StandardCharsets.UTF_8), timeout, tlsCa, tlsCertificate));
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("status", response.status());
            result.put("headers", ProxyObject.fromMap(new LinkedHashMap<>(response.headers())));
            result.put("body", new String(response.body(), charsetOf(response.headers().get("content-type"))));
            return ProxyObject.fromMap(result);
        });
    }

    @HostAccess.Export
    public ProxyObject variable(String name) {
        return answer(() -> services.variable(name));
    }

    @HostAccess.Export
    public ProxyObject secret(String name) {
        return answer(() -> services.secret(name));
    }

    private static ProxyObject answer(java.util.function.Supplier<Object> call) {
        Map<String, Object> answer = new LinkedHashMap<>();
        try {
            answer.put("value", call.get());
        } catch (ServiceException e) {
            answer.put("error", e.getMessage());
            answer.put("temporary", e.temporary());
        } catch (IllegalArgumentException e) {
            answer.put("error", e.getMessage());
            answer.put("temporary", false);
        }
        return ProxyObject.fromMap(answer);
    }

    /** Bound parameters: text, numbers, booleans and null; anything else is refused with its position. */
    private static List<Object> parameters(Value parameters) {
        List<Object> values = new ArrayList<>();
        if (parameters == null || parameters.isNull()) return values;
        if (!parameters.hasArrayElements()) throw new IllegalArgumentException("the parameters must be an array, such as [id, name]");
        for (long i = 0; i < parameters.getArraySize(); i++) {
            Value v = parameters.getArrayElement(i);
            if (v.isNull()) values.add(null);
            else if (v.isBoolean()) values.add(v.asBoolean());
            else if (v.isString()) values.add(v.asString());
            else if (v.fitsInLong()) values.add(v.asLong());
            else if (v.isNumber()) values.add(v.asDouble());
            else if (v.isInstant()) values.add(v.asInstant().toString());
            else throw new IllegalArgumentException("parameter " + (i + 1) + " is " + v
                    + ": pass text, a number, true/false or null (the SQL's $" + (i + 1) + " or ?)");
        }
        return values;
    }

    private static Charset charsetOf(String contentType) {
        if (contentType != null) {
            for (String part : contentType.split(";")) {
                String p = part.strip();
                if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                    try {
                        return Charset.forName(p.substring(8).replace("\"", ""));
                    } catch (RuntimeException e) {
                        break;
                    }
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
