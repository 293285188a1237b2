package io.ductus.engine.services;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.ClientTls;
import io.ductus.connector.listener.tls.TlsHttpClient;
import io.ductus.script.ScriptServices.FetchRequest;
import io.ductus.script.ScriptServices.FetchResponse;
import io.ductus.script.ScriptServices.ServiceException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * fetch() for interface code: one HTTP client for the engine, and one for each TLS that calls name
 * ({@code tls: {ca, certificate}}, certificates of resources.yaml); every answered status is a response;
 * network errors, timeouts and refused TLS handshakes are temporary. Bodies are capped; messages name no
 * URL (the prelude adds it, without its query or credentials).
 */
final class HttpFetcher implements AutoCloseable {

    static final int MAX_BODY_BYTES = 16 << 20;
    private static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private final TlsHttpClient.ByName clients;

    HttpFetcher(Certificates certificates) {
        // Made at the first fetch of each TLS: most engines (and every validate) never call one, and a client costs a moment.
        this.clients = new TlsHttpClient.ByName(certificates, () -> HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(Duration.ofSeconds(5)));
    }

    private HttpClient client(FetchRequest request) {
        try {
            return clients.get(Optional.ofNullable(request.tlsCa()), Optional.ofNullable(request.tlsCertificate()));
        } catch (IllegalArgumentException e) {
            throw new ServiceException(e.getMessage().replace("tls_ca:", "tls.ca:").replace("tls_certificate:", "tls.certificate:"), false);
        }
    }

    @Override
    public void close() {
        clients.close();
    }

    FetchResponse fetch(FetchRequest request) {
        URI uri;
        try {
            uri = URI.create(request.url());
        } catch (IllegalArgumentException e) {
            throw new ServiceException("not a URL", false); // the prelude names the URL, without its query or credentials
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) throw new ServiceException("only http and https URLs can be fetched", false);
        if (!METHODS.contains(request.method())) throw new ServiceException("unknown method " + request.method(), false);
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(request.timeout())
                .method(request.method(), request.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        try {
            request.headers().forEach(builder::header);
        } catch (IllegalArgumentException e) {
            throw new ServiceException("a header cannot be sent: " + e.getMessage(), false);
        }
        try {
            HttpResponse<InputStream> response = client(request).send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
            byte[] body;
            try (InputStream in = response.body()) {
                body = in.readNBytes(MAX_BODY_BYTES + 1);
            }
            if (body.length > MAX_BODY_BYTES) throw new ServiceException("the answer is larger than " + (MAX_BODY_BYTES >> 20) + " MB", false);
            Map<String, String> headers = new LinkedHashMap<>();
            response.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
            return new FetchResponse(response.statusCode(), headers, body);
        } catch (java.net.http.HttpTimeoutException e) {
            throw new ServiceException("no answer within " + request.timeout().toMillis() + " ms", true);
        } catch (IOException e) {
            throw new ServiceException(ClientTls.refusal(e).map(why -> "TLS handshake failed: " + why)
                    .orElseGet(() -> e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException("interrupted", true);
        }
    }
}
