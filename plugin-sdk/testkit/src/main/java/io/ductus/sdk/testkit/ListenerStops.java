package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * For sources that listen on a port: once {@link Source#stop()} completed, the port refuses connections at
 * once. (A socket closed while still registered with its selector goes on accepting, and resetting, for a
 * moment: a sender then sees a reset instead of a refusal.)
 */
public final class ListenerStops {

    private ListenerStops() {
    }

    /**
     * Starts and stops a listener {@code rounds} times, each on a free loopback port, and connects right
     * after each stop completed.
     *
     * @param settings the source's settings for a port
     */
    public static void refuseConnectionsAtOnce(ConnectorFactory factory, IntFunction<Map<String, Object>> settings, int rounds)
            throws Exception {
        try (TestConnectorContext context = new TestConnectorContext("stop", "source", Clock.systemUTC(),
                Files.createTempDirectory("ductus-listener-stop"))) {
            for (int round = 0; round < rounds; round++) {
                int port;
                try (ServerSocket free = new ServerSocket(0)) {
                    port = free.getLocalPort();
                }
                Source listener = factory.createSource(ConnectorConfig.of(factory.type().sourceSchema(), settings.apply(port)), context);
                listener.start(new InMemoryIntake());
                listener.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
                try (Socket client = new Socket()) {
                    assertThatThrownBy(() -> client.connect(new InetSocketAddress("127.0.0.1", port), 1000))
                            .as("round %d: nothing listens once stop() completed", round).isInstanceOf(ConnectException.class);
                }
            }
        }
    }
}
