package io.ductus.engine.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One operation of the REST API: method, path (under /api/v1 but for /metrics; segments in braces are path parameters), a
 * stable operation id, what the OpenAPI document says of it, and its handler. The list of routes is the
 * single source of the router, the OpenAPI document and docs/rest-api.md; who may call each operation is
 * in {@link AccessTable}.
 *
 * @param query       the query parameters it reads
 * @param requestBody the component schema of its JSON body, or null when it takes none
 * @param responses   its answers other than problems: status → component schema (null for no body)
 * @param produces    the media type of those answers' bodies ({@code application/json} unless said)
 * @param extensions  more the OpenAPI document says of it ({@code x-…} fields, such as the event stream's event types)
 * @param work        what answering a request costs ({@link ApiLimits}), {@link Work#LIGHT} unless said
 */
public record Route(String method, String path, String operationId, String summary, String tag, List<Parameter> query,
                    String requestBody, Map<Integer, String> responses, String produces, Map<String, Object> extensions,
                    java.util.function.Function<ApiRequest, Work> work, Handler handler) {

    public Route {
        query = List.copyOf(query);
        extensions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
        responses = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(responses));
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(handler, "handler");
    }

    /** What answering this request costs. */
    public Work work(ApiRequest request) {
        return work.apply(request);
    }

    /** Turns a request from a caller into a response; runs on a virtual thread, so it may block. */
    @FunctionalInterface
    public interface Handler {
        ApiResponse handle(ApiRequest request, Caller caller) throws Exception;
    }

    /** A query parameter: name, JSON Schema type ({@code integer}, {@code string}) and what it does. */
    public record Parameter(String name, String type, String description) {
    }

    public PathTemplate template() {
        return PathTemplate.of(path);
    }

    public static Builder get(String path, String operationId, String summary) {
        return new Builder("GET", path, operationId, summary);
    }

    public static Builder post(String path, String operationId, String summary) {
        return new Builder("POST", path, operationId, summary);
    }

    public static Builder put(String path, String operationId, String summary) {
        return new Builder("PUT", path, operationId, summary);
    }

    public static Builder delete(String path, String operationId, String summary) {
        return new Builder("DELETE", path, operationId, summary);
    }

    /** Declares a route in one statement: {@code Route.get(...).tag(..).returns(200, "Schema").handle(h)}. */
    public static final class Builder {
        private final String method;
        private final String path;
        private final String operationId;
        private final String summary;
        private String tag = "engine";
        private final List<Parameter> query = new ArrayList<>();
        private String body;
        private final Map<Integer, String> responses = new LinkedHashMap<>();
        private String produces = "application/json";
        private final Map<String, Object> extensions = new LinkedHashMap<>();
        private java.util.function.Function<ApiRequest, Work> work = r -> Work.LIGHT;

        private Builder(String method, String path, String operationId, String summary) {
            this.method = method;
            this.path = path;
            this.operationId = operationId;
            this.summary = summary;
        }

        public Builder tag(String tag) {
            this.tag = tag;
            return this;
        }

        public Builder query(String name, String type, String description) {
            query.add(new Parameter(name, type, description));
            return this;
        }

        public Builder body(String schema) {
            this.body = schema;
            return this;
        }

        /** The media type of the answers' bodies, when not JSON (Prometheus text, server-sent events). */
        public Builder produces(String mediaType) {
            this.produces = mediaType;
            return this;
        }

        /** An {@code x-} field of the operation in the OpenAPI document. */
        public Builder extension(String name, Object value) {
            if (!name.startsWith("x-")) throw new IllegalArgumentException("OpenAPI extensions start with x-: " + name);
            extensions.put(name, value);
            return this;
        }

        /** What answering it costs, for how many the API answers at once ({@link ApiLimits}). */
        public Builder work(Work cost) {
            this.work = r -> cost;
            return this;
        }

        /** What answering a request costs, when it depends on the request (a text search scans, a page reads). */
        public Builder work(java.util.function.Function<ApiRequest, Work> cost) {
            this.work = cost;
            return this;
        }

        /** An answer; {@code schema} null for one without a body (204). */
        public Builder returns(int status, String schema) {
            responses.put(status, schema);
            return this;
        }

        public Route handle(Handler handler) {
            if (responses.isEmpty()) throw new IllegalStateException(operationId + " declares no response");
            return new Route(method, path, operationId, summary, tag, query, body, responses, produces, extensions, work, handler);
        }
    }
}
