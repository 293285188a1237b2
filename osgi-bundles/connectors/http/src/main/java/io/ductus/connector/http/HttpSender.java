package io.ductus.connector.http;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import io.ductus.connector.listener.tls.ClientTls;
import io.ductus.connector.listener.tls.TlsHttpClient;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The HTTP destination: sends each message as the body of one request and judges the answer. 2xx →
 * sent; 408, 429 and 5xx → retry (no sooner than the receiver's Retry-After); any other status →
 * quarantine; no connection, no answer in time → retry. The JDK's HttpClient: it runs blocking on the
 * engine's worker threads, does TLS for https URLs with the JVM's trusted certificates, and needs no
 * library in the bundle. The message's fence is checked once the connection (and its TLS handshake) is up, right
 * before the request's headers are written, and again right before its body ({@link FencedBody}).
 */
final class HttpSender implements Destination {

    /** What the response's summary (kept as the delivery's detail) shows of its body. */
    private static final int SUMMARY_CHARS = 200;
    private static final int MAX_READ_BYTES = 64 * 1024;

    /**
     * @param contentType the Content-Type to send; null: {@code text/plain} with the payload's charset
     */
    record Settings(UrlTemplate url, String method, String contentType, Map<String, String> headers, Duration connectTimeout,
                    Duration timeout) {
    }

    private final Settings settings;
    private final ConnectorContext context;
    /** https:// with a named CA or client certificate: built again after a renewal of either. */
    private final TlsHttpClient client;

    HttpSender(Settings settings, ConnectorContext context) {
        this(settings, context, java.util.Optional.empty());
    }

    HttpSender(Settings settings, ConnectorContext context, java.util.Optional<io.ductus.connector.listener.tls.ClientTls> tls) {
        this.settings = settings;
        this.context = context;
        // HTTP/1.1: the client would otherwise offer every plain-http receiver an h2c upgrade on the first
        // request, which some receivers in the field refuse; integration peers speak 1.1 anyway.
        this.client = new TlsHttpClient(() -> HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER), tls);
    }

    @Override
    public void start() {
        // Connects on the first send, so a receiver that is down does not stop the interface from starting.
        client.get();
    }

    private HttpClient client() {
        return client.get();
    }

    @Override
    public Outcome send(OutboundMessage message) throws InterruptedException {
        UrlTemplate.Resolved resolved = settings.url().resolve(message);
        if (resolved.uri() == null) {
            return Outcome.quarantine("the url " + settings.url() + " needs {" + resolved.missing() + "} and the message has no value for it");
        }
        URI uri = resolved.uri();
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(settings.timeout())
                .method(settings.method(), new FencedBody(message))
                .header("Content-Type", settings.contentType() != null ? settings.contentType()
                        : "text/plain; charset=" + message.charset().name());
        settings.headers().forEach(request::header);
        try {
            HttpResponse<InputStream> response = client().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            String summary = summary(response);
            context.statusChanged(ConnectorStatus.OK, "last answer HTTP " + response.statusCode() + " from " + hostOf(uri));
            return judge(response, summary);
        } catch (HttpConnectTimeoutException e) {
            return unreachable(uri, "no connection within " + settings.connectTimeout().toMillis() + " ms");
        } catch (HttpTimeoutException e) {
            return Outcome.retry("no answer from " + hostOf(uri) + " within " + settings.timeout().toMillis() + " ms (timeout)");
        } catch (ConnectException e) {
            return unreachable(uri, "connection refused");
        } catch (IOException e) {
            Optional<NoLongerOwnedException> refused = FencedBody.refusal(e);
            if (refused.isPresent()) throw refused.get(); // nothing of the body was written: not sent
            return unreachable(uri, ClientTls.refusal(e).map(why -> "TLS handshake failed: " + why)
                    .orElseGet(() -> e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())));
        }
    }

    private Outcome judge(HttpResponse<InputStream> response, String summary) {
        int status = response.statusCode();
        String answer = "HTTP " + status + (summary.isEmpty() ? "" : ": " + summary);
        if (status >= 200 && status < 300) return Outcome.sent(answer);
        if (status == 408 || status == 429 || status >= 500) {
            Optional<Duration> wait = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null),
                    context.clock().instant());
            String reason = "the receiver answered " + answer;
            return wait.map(w -> Outcome.retryAfter(reason, w)).orElseGet(() -> Outcome.retry(reason));
        }
        if (status >= 300 && status < 400) {
            return Outcome.quarantine("the receiver redirected to " + response.headers().firstValue("Location").orElse("?")
                    + " (" + answer + "); point url at where it should go");
        }
        return Outcome.quarantine("the receiver refused the message: " + answer);
    }

    private Outcome unreachable(URI uri, String why) {
        String reason = "cannot reach " + hostOf(uri) + ": " + why;
        context.statusChanged(ConnectorStatus.DEGRADED, reason);
        return Outcome.retry(reason);
    }

    /** The start of the body on one line, enough for an operator to see what the receiver said. */
    private static String summary(HttpResponse<InputStream> response) throws IOException {
        byte[] head;
        try (InputStream body = response.body()) {
            head = body.readNBytes(MAX_READ_BYTES);
        }
        String text = new String(head, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        return text.length() > SUMMARY_CHARS ? text.substring(0, SUMMARY_CHARS) + "…" : text;
    }

    /** Scheme, host and port: never the path or query, which may carry identifiers. */
    private static String hostOf(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    @Override
    public CompletionStage<Void> stop() {
        client.close();
        return CompletableFuture.completedFuture(null);
    }
}
