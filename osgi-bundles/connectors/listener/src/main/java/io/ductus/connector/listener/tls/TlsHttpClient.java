package io.ductus.connector.listener.tls;

import java.net.http.HttpClient;
import java.util.Optional;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * A JDK {@link HttpClient} over a connection's TLS ({@link ClientTls}: the system's roots plus a named CA, the host name
 * checked, an optional client certificate), built again when the CA or the client pair it was built with was renewed.
 * The one way the HTTP destination, {@code fetch()} and the alerts' webhooks make their clients.
 */
public final class TlsHttpClient implements AutoCloseable {

    private final Supplier<HttpClient.Builder> settings;
    private final Optional<ClientTls> tls;
    private HttpClient client;
    private SSLContext builtWith;

    /**
     * @param settings the client's own settings (timeouts, redirects, version), asked again at every rebuild
     * @param tls      the TLS to use for https:// (empty: the JDK's defaults, the system's roots)
     */
    public TlsHttpClient(Supplier<HttpClient.Builder> settings, Optional<ClientTls> tls) {
        this.settings = settings;
        this.tls = tls;
    }

    /** The client for the CA and pair in use now. */
    public synchronized HttpClient get() {
        if (client != null && (tls.isEmpty() || tls.get().context() == builtWith)) return client;
        if (client != null) client.shutdown(); // requests under way finish; new ones take the renewed pair
        HttpClient.Builder builder = settings.get();
        if (tls.isPresent()) {
            builtWith = tls.get().context();
            builder.sslContext(builtWith).sslParameters(tls.get().parameters());
        }
        client = builder.build();
        return client;
    }

    /**
     * Clients by the CA and client pair they name (each may be absent: the system's roots, no client certificate), each
     * made at its first use, for callers that name them per request ({@code fetch()}) or per channel (webhooks).
     */
    public static final class ByName implements AutoCloseable {
        private record Names(Optional<String> ca, Optional<String> certificate) {
        }

        private final Certificates certificates;
        private final Supplier<HttpClient.Builder> settings;
        private final java.util.Map<Names, TlsHttpClient> clients = new java.util.HashMap<>();

        public ByName(Certificates certificates, Supplier<HttpClient.Builder> settings) {
            this.certificates = certificates;
            this.settings = settings;
        }

        /**
         * @throws IllegalArgumentException naming the setting ({@code tls_ca}, {@code tls_certificate}) when resources.yaml
         *                                  has no such certificate, or one of the wrong kind
         */
        public synchronized HttpClient get(Optional<String> ca, Optional<String> certificate) {
            Names names = new Names(ca, certificate);
            TlsHttpClient client = clients.get(names);
            if (client == null) {
                Optional<ClientTls> tls = ca.isEmpty() && certificate.isEmpty() ? Optional.empty()
                        : Optional.of(certificates.client(ca, certificate));
                client = new TlsHttpClient(settings, tls);
                clients.put(names, client);
            }
            return client.get();
        }

        @Override
        public synchronized void close() {
            clients.values().forEach(TlsHttpClient::close);
            clients.clear();
        }
    }

    /** Stops the client: requests under way are cancelled. */
    @Override
    public synchronized void close() {
        if (client != null) client.shutdownNow();
        client = null;
    }
}
