package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a handler sees of an HTTP request: plain values copied out of Netty's objects.
 *
 * @param pathParameters the values of the route's {@code {name}} segments
 * @param headers        header names in lower case
 * @param cookies        the request's cookies by name
 * @param address        the caller's IP address (for the audit log), or null
 */
public record ApiRequest(String method, String path, Map<String, String> pathParameters, Map<String, List<String>> query,
                         Map<String, String> headers, Map<String, String> cookies, byte[] body, String address) {

    public ApiRequest {
        pathParameters = Map.copyOf(pathParameters);
        query = Map.copyOf(query);
        headers = Map.copyOf(headers);
        cookies = Map.copyOf(cookies);
        body = body == null ? new byte[0] : body;
    }

    /** A request without headers, cookies or body (for tests and internal calls). */
    public static ApiRequest of(String method, String path) {
        return new ApiRequest(method, path, Map.of(), Map.of(), Map.of(), Map.of(), new byte[0], null);
    }

    public ApiRequest withPathParameters(Map<String, String> parameters) {
        return new ApiRequest(method, path, parameters, query, headers, cookies, body, address);
    }

    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** A path parameter as a positive whole number; 404 when it is not one (no such thing can exist). */
    public long pathId(String name) {
        String value = pathParameters.get(name);
        try {
            long id = Long.parseLong(value);
            if (id > 0) return id;
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new ApiProblem(404, "Not found", "'" + value + "' is not an id: ids are positive whole numbers.");
    }

    /** A path parameter that is a name (of an interface, a destination): as sent, decoded from %-escapes. */
    public String pathName(String name) {
        return java.net.URLDecoder.decode(pathParameters.get(name).replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** An optional query parameter as a whole number within bounds; 400 naming the parameter otherwise. */
    public Long queryLong(String name, long min, long max) {
        List<String> values = query.get(name);
        if (values == null || values.isEmpty()) return null;
        try {
            long value = Long.parseLong(values.get(0));
            if (value >= min && value <= max) return value;
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiProblem.badRequest("query parameter " + name + " must be a whole number from " + min + " to " + max
                + ", not '" + values.get(0) + "'.");
    }

    /** An optional query parameter as text; null when absent or empty. */
    public String queryText(String name) {
        List<String> values = query.get(name);
        if (values == null || values.isEmpty() || values.get(0).isEmpty()) return null;
        return values.get(0);
    }

    /** The body as a JSON object; 400 when it is missing or not one. */
    public JsonNode json() {
        try {
            JsonNode node = body.length == 0 ? null : ApiResponse.JSON.readTree(body);
            if (node != null && node.isObject()) return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw ApiProblem.badRequest("the body is not JSON: " + e.getOriginalMessage() + ".");
        } catch (IOException e) {
            throw ApiProblem.badRequest("the body could not be read: " + e.getMessage() + ".");
        }
        throw ApiProblem.badRequest("this operation takes a JSON object as its body (Content-Type: application/json).");
    }

}
