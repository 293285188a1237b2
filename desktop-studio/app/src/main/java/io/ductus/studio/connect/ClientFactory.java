package io.ductus.studio.connect;

import io.ductus.client.DuctusApi;
import io.ductus.client.DuctusClient;
import java.net.URI;
import java.time.Duration;

/** Makes the client of an engine: a real {@link DuctusClient}, or an in-memory one in view-model tests. */
public interface ClientFactory {

    /** A client with no caller yet (to sign in, or to ask whether the engine answers). */
    DuctusApi anonymous(URI base);

    /** A client that calls with a token. */
    DuctusApi withToken(URI base, String token);

    /** Real clients: a connection must be accepted within 3 s, an answer come within 30 s. */
    ClientFactory REAL = new ClientFactory() {
        @Override
        public DuctusApi anonymous(URI base) {
            return DuctusClient.anonymous(base, Duration.ofSeconds(3), Duration.ofSeconds(30));
        }

        @Override
        public DuctusApi withToken(URI base, String token) {
            DuctusClient client = DuctusClient.anonymous(base, Duration.ofSeconds(3), Duration.ofSeconds(30));
            client.useToken(token);
            return client;
        }
    };
}
