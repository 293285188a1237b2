package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * Calls a running engine's REST API with a token and reads the JSON answers. Whatever keeps a call from
 * succeeding (the engine cannot be reached, the token is refused or may not do this, the engine says no)
 * is an {@link EngineCallException} whose message says what and what to do (exit code 1).
 */
final class EngineClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI base;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    EngineClient(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    JsonNode get(String path) {
        return read(send("GET", path, null, "application/json").body());
    }

    JsonNode post(String path) {
        return read(send("POST", path, null, "application/json").body());
    }

    /** A POST with a JSON body (a map or list, written by Jackson). */
    JsonNode post(String path, Object body) {
        try {
            return read(send("POST", path, JSON.writeValueAsString(body), "application/json").body());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + body + " as JSON", e);
        }
    }

    JsonNode delete(String path) {
        return read(send("DELETE", path, null, "application/json").body());
    }

    /** A text answer (a payload), decoded with the charset the engine names. */
    String text(String path) {
        return send("GET", path, null, "text/plain").body();
    }

    URI base() {
        return base;
    }

    private HttpResponse<String> send(String method, String path, String json, String accept) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token).header("Accept", accept)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) request.header("Content-Type", "application/json");
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new EngineCallException("cannot reach the engine at " + base + " (connection refused): is ductus serve running"
                    + " there? --url says where");
        } catch (HttpTimeoutException e) {
            throw new EngineCallException("the engine at " + base + " did not answer within " + TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            throw new EngineCallException("cannot reach the engine at " + base + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineCallException("interrupted");
        }
        if (response.statusCode() / 100 == 2) return response;
        JsonNode body = read(response.body());
        StringBuilder said = new StringBuilder(body.path("detail").asText(response.body()));
        for (JsonNode p : body.path("problems")) said.append("\n  ").append(p.path("text").asText());
        String detail = said.toString();
        throw switch (response.statusCode()) {
            case 401 -> new EngineCallException("the engine refused the token: " + detail + " (--token or " + EngineOptions.TOKEN_VARIABLE + ")");
            case 403 -> new EngineCallException("not allowed: " + detail);
            // The engine found the command's arguments wrong (a date it cannot read, a status it does not know).
            case 400 -> new BadArgumentException(detail);
            default -> new EngineCallException(body.path("title").asText("HTTP " + response.statusCode()) + ": " + detail);
        };
    }

    private static JsonNode read(String body) {
        try {
            return body.isEmpty() ? JSON.createObjectNode() : JSON.readTree(body);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    /** A call that did not succeed, in words for the operator. */
    static final class EngineCallException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EngineCallException(String message) {
            super(message);
        }
    }
}
