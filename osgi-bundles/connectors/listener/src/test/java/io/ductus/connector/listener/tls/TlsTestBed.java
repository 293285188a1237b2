package io.ductus.connector.listener.tls;

import io.ductus.connector.listener.ListenerLimits;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Intake;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.ConnectorConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the connectors' TLS tests share: a CA ({@code Hospital CA}) and a pair it issued for {@code localhost} and
 * {@code 127.0.0.1}, the listeners' limits, the certificates installed as the engine would, sources listening on free
 * ports (stopped at {@link #close}) and a destination's send of one message.
 */
public final class TlsTestBed implements AutoCloseable {

    public final TestPki.Issued ca = TestPki.ca("Hospital CA");
    public final TestPki.Issued server = TestPki.issue(ca, "CN=localhost", "localhost", "127.0.0.1");
    public final ListenerLimits limits = new ListenerLimits(64 << 20);
    public final Certificates certificates = new Certificates();
    private final List<Source> sources = new ArrayList<>();

    /** Installs the entries, all or nothing, as the engine's start does. */
    public TlsTestBed install(List<CertificateEntry> entries) {
        List<String> problems = certificates.install(entries, Clock.systemUTC(), l -> { }, l -> { });
        if (!problems.isEmpty()) throw new IllegalStateException("the certificates do not load: " + problems);
        return this;
    }

    /** A port nothing listens on now. */
    public static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }

    /** Starts a source of the factory with these settings listening on 127.0.0.1 and a free port; returns the port. */
    public int listen(ConnectorFactory factory, ConfigSchema schema, Map<String, Object> settings, ConnectorContext context,
                      Intake intake) throws Exception {
        int port = freePort();
        Map<String, Object> all = new HashMap<>(settings);
        all.put("listen", "127.0.0.1:" + port);
        Source source = factory.createSource(ConnectorConfig.of(schema, all), context);
        source.start(intake);
        sources.add(source);
        return port;
    }

    /** Sends one message ({@code payload}, UTF-8) through a destination of interface {@code name}, destination {@code lab}. */
    public static Outcome send(Destination destination, String name, byte[] payload) throws InterruptedException {
        return destination.send(new OutboundMessage() {
            public long messageId() { return 1; }
            public String interfaceName() { return name; }
            public String destinationName() { return "lab"; }
            public byte[] payload() { return payload; }
            public Charset charset() { return StandardCharsets.UTF_8; }
            public Instant receivedAt() { return Instant.EPOCH; }
            public Optional<String> field(String path) { return Optional.empty(); }
        });
    }

    /** Stops the sources, then the certificates' threads. */
    @Override
    public void close() throws Exception {
        for (Source s : sources) s.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        certificates.close();
    }
}
