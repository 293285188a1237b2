package io.ductus.engine.alerts.channel;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.ClientTls;
import io.ductus.connector.listener.tls.TlsHttpClient;
import io.ductus.core.alert.Channel;
import io.ductus.store.alert.NotificationRecord;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * POSTs a channel's notices as one JSON document (the channel's format) to its URL with the JDK's HTTP
 * client; any 2xx answer is sent, anything else (or no answer within {@link #TIMEOUT}) an error to retry.
 */
public final class WebhookSender implements ChannelSender {

    static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** One client for the system's roots, one for each CA and client pair a channel names. */
    private final TlsHttpClient.ByName http;
    private final NoticeText text;
    private final UnaryOperator<String> secrets;

    /** @param secrets puts the values in for {@code ${secret:NAME}} in a URL */
    public WebhookSender(NoticeText text, UnaryOperator<String> secrets) {
        this(text, secrets, new Certificates());
    }

    /** @param certificates resources.yaml's certificates, which a channel's {@code tls_ca} and {@code tls_certificate} name */
    public WebhookSender(NoticeText text, UnaryOperator<String> secrets, Certificates certificates) {
        this.text = text;
        this.secrets = secrets;
        this.http = new TlsHttpClient.ByName(certificates, () -> HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER));
    }

    @Override
    public void send(Channel channel, List<NotificationRecord> notices) throws IOException, InterruptedException {
        URI url;
        try {
            url = URI.create(secrets.apply(channel.url()).strip());
        } catch (IllegalArgumentException e) {
            throw new IOException("the webhook URL of channel " + channel.name() + " is not usable: " + e.getMessage(), e);
        }
        HttpRequest request = HttpRequest.newBuilder(url).timeout(TIMEOUT)
                .header("Content-Type", "application/json; charset=utf-8").header("User-Agent", "ductus")
                .POST(HttpRequest.BodyPublishers.ofString(WebhookBodies.of(channel.format(), notices, text), StandardCharsets.UTF_8))
                .build();
        HttpClient client;
        try {
            client = http.get(Optional.ofNullable(channel.tlsCa()), Optional.ofNullable(channel.tlsCertificate()));
        } catch (IllegalArgumentException e) {
            throw new IOException("channel " + channel.name() + ": " + e.getMessage(), e);
        }
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new IOException(host(url) + " did not answer within " + TIMEOUT.toSeconds() + " s", e);
        } catch (IOException e) {
            throw new IOException(host(url) + ": " + ClientTls.refusal(e).map(why -> "TLS handshake failed: " + why)
                    .orElseGet(() -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
        if (response.statusCode() / 100 != 2) {
            String body = response.body() == null ? "" : response.body().strip();
            throw new IOException(host(url) + " answered HTTP " + response.statusCode()
                    + (body.isEmpty() ? "" : ": " + (body.length() > 200 ? body.substring(0, 200) + "…" : body)));
        }
    }

    /** The host and port only: a webhook's path is often its secret. */
    private static String host(URI url) {
        return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort());
    }
}
