package io.ductus.connector.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A real HTTP client as senders use one: the JDK's, HTTP/1.1. */
final class TestClient {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private TestClient() {
    }

    static HttpResponse<String> post(int port, String path, String contentType, byte[] body, long waitSeconds) throws Exception {
        return send(port, path, "POST", contentType, body, waitSeconds);
    }

    static HttpResponse<String> send(int port, String path, String method, String contentType, byte[] body, long waitSeconds)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(waitSeconds))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) request.header("Content-Type", contentType);
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
