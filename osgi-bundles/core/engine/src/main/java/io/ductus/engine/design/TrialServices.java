package io.ductus.engine.design;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.script.ScriptServices;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a trial's code reaches through db(), fetch(), env() and secret(): the caller's mocks (as in
 * {@code ductus test}: a call nobody mocked fails, saying how to mock it), or, when asked, the engine's
 * services for reads only ({@link ReadOnlyServices}). Every call is recorded for the result. One object
 * per cached trial context (a context's services are fixed when it is made): {@link #use} points it at the
 * next run's services and clears the record.
 */
final class TrialServices implements ScriptServices {

    private volatile ScriptServices current = ScriptServices.NONE;
    private volatile String mode = "mocked";
    private final List<ServiceCall> calls = new ArrayList<>();

    /** The services of the next run: live reads, or the mocks given (a JSON object, or null for none). */
    synchronized void use(boolean live, ScriptServices liveReads, JsonNode mocks) {
        current = live ? liveReads : new Mocks(mocks);
        mode = live ? "live" : "mocked";
        calls.clear();
    }

    /** The calls since the last {@link #use} or {@link #take}, and clears them. */
    synchronized List<ServiceCall> take() {
        List<ServiceCall> taken = List.copyOf(calls);
        calls.clear();
        return taken;
    }

    private synchronized void record(String service, String target, String detail, String outcome) {
        if (calls.size() < 200) calls.add(new ServiceCall(service, target, detail, outcome));
    }

    @Override
    public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
        return recorded("db.query", database, sql, () -> current.query(database, sql, parameters), rows -> rows.size() + " row(s)");
    }

    @Override
    public long execute(String database, String sql, List<Object> parameters) {
        return recorded("db.execute", database, sql, () -> current.execute(database, sql, parameters), n -> n + " row(s) changed");
    }

    @Override
    public FetchResponse fetch(FetchRequest request) {
        String url = request.url().replaceAll("[?#].*$", "");
        return recorded("fetch", url, request.method(), () -> current.fetch(request), r -> "HTTP " + r.status());
    }

    @Override
    public String variable(String name) {
        return recorded("env", name, null, () -> current.variable(name), v -> null);
    }

    /** A secret's value is never recorded, only that it was asked for. */
    @Override
    public String secret(String name) {
        return recorded("secret", name, null, () -> current.secret(name), v -> null);
    }

    /** Makes the call and records it: the mode and what came back ({@code outcome}, null for nothing), or the failure. */
    private <T> T recorded(String service, String target, String detail, Supplier<T> call, Function<T, String> outcome) {
        try {
            T result = call.get();
            String said = outcome.apply(result);
            record(service, target, detail, said == null ? mode : mode + ": " + said);
            return result;
        } catch (ServiceException e) {
            record(service, target, detail, "failed: " + e.getMessage());
            throw e;
        }
    }

    /**
     * The caller's mocks: {@code {db: [{database, sql, rows | rowsAffected | error}], fetch: [{url, method,
     * status, body, headers}], env: {NAME: value}, secret: {NAME: value}}}. A db mock answers a statement of
     * its database that contains its {@code sql} (case and spacing aside; every statement when left out);
     * a fetch mock answers its method (GET when left out) and URL (a prefix when it ends in *). The first
     * that fits answers.
     */
    static final class Mocks implements ScriptServices {
        private final JsonNode mocks;

        Mocks(JsonNode mocks) {
            this.mocks = mocks == null || !mocks.isObject() ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode() : mocks;
        }

        private JsonNode db(String database, String sql) {
            String wanted = squeeze(sql);
            for (JsonNode m : mocks.path("db")) {
                if (!m.path("database").asText().equals(database)) continue;
                if (!m.hasNonNull("sql") || wanted.contains(squeeze(m.path("sql").asText()))) return m;
            }
            throw new ServiceException("db('" + database + "') " + sql.strip() + " is not mocked: add {\"database\": \"" + database
                    + "\", \"sql\": \"…\", \"rows\": […]} to the trial's mocks.db, or ask for live reads", false);
        }

        private static String squeeze(String sql) {
            return sql.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
        }

        @Override
        public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
            JsonNode m = db(database, sql);
            failIfAsked(m);
            List<Map<String, Object>> rows = new ArrayList<>();
            for (JsonNode row : m.path("rows")) {
                Map<String, Object> r = new LinkedHashMap<>();
                row.properties().forEach(e -> r.put(e.getKey(), plain(e.getValue())));
                rows.add(r);
            }
            return rows;
        }

        @Override
        public long execute(String database, String sql, List<Object> parameters) {
            JsonNode m = db(database, sql);
            failIfAsked(m);
            return m.path("rowsAffected").asLong(0);
        }

        @Override
        public FetchResponse fetch(FetchRequest request) {
            for (JsonNode m : mocks.path("fetch")) {
                String url = m.path("url").asText();
                boolean fits = url.endsWith("*") ? request.url().startsWith(url.substring(0, url.length() - 1)) : request.url().equals(url);
                if (!fits || !m.path("method").asText("GET").equalsIgnoreCase(request.method())) continue;
                failIfAsked(m);
                Map<String, String> headers = new LinkedHashMap<>();
                m.path("headers").properties().forEach(e -> headers.put(e.getKey().toLowerCase(Locale.ROOT), e.getValue().asText()));
                JsonNode body = m.path("body");
                String text = body.isMissingNode() || body.isNull() ? "" : body.isTextual() ? body.asText() : body.toString();
                return new FetchResponse(m.path("status").asInt(200), headers, text.getBytes(StandardCharsets.UTF_8));
            }
            throw new ServiceException("fetch " + request.method() + " " + request.url().replaceAll("[?#].*$", "")
                    + " is not mocked: add {\"url\": \"…\", \"method\": \"" + request.method() + "\", \"status\": 200, \"body\": \"…\"}"
                    + " to the trial's mocks.fetch, or ask for live reads", false);
        }

        @Override
        public String variable(String name) {
            JsonNode v = mocks.path("env").path(name);
            if (v.isMissingNode()) throw new ServiceException("env('" + name + "') is not mocked: add \"" + name + "\" to the trial's mocks.env", false);
            return v.asText();
        }

        @Override
        public String secret(String name) {
            JsonNode v = mocks.path("secret").path(name);
            if (v.isMissingNode()) throw new ServiceException("secret('" + name + "') is not mocked: add \"" + name + "\" to the trial's mocks.secret", false);
            return v.asText();
        }

        private static void failIfAsked(JsonNode m) {
            if (m.hasNonNull("error")) throw new ServiceException(m.path("error").asText(), m.path("temporary").asBoolean(false));
        }

        private static Object plain(JsonNode v) {
            if (v.isNull()) return null;
            if (v.isBoolean()) return v.asBoolean();
            if (v.isIntegralNumber()) return v.asLong();
            if (v.isNumber()) return v.asDouble();
            return v.isTextual() ? v.asText() : v.toString();
        }
    }
}
