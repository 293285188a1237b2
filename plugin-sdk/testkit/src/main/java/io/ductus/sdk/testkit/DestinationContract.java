package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConnectorConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every destination connector passes: it delivers exact bytes and says so, a resent
 * message (at-least-once delivery) is safe, an unavailable peer is a retry with a reason (never an
 * exception), and it stops promptly.
 */
public abstract class DestinationContract {

    protected TestConnectorContext context;
    protected Destination destination;
    protected Path dataDirectory;

    protected abstract ConnectorFactory factory();

    /** Destination settings pointing at the peer this test controls (started here if needed). */
    protected abstract Map<String, Object> destinationSettings() throws Exception;

    /** The n-th sample message (n from 1) as the engine would hand it over. */
    protected abstract OutboundMessage sampleMessage(int n);

    /** What the peer received so far, in order (for files: the contents of the files written). */
    protected abstract List<byte[]> receivedByPeer() throws Exception;

    /** Makes the peer unavailable (stop the receiver, block the folder). */
    protected abstract void makePeerUnavailable() throws Exception;

    @BeforeEach
    void startDestination() throws Exception {
        dataDirectory = Files.createTempDirectory("ductus-testkit");
        context = new TestConnectorContext("contract", "destination", Clock.systemUTC(), dataDirectory);
        ConnectorType type = factory().type();
        assertThat(type.has(Role.DESTINATION)).as("%s has the destination role", type.name()).isTrue();
        Map<String, Object> settings = destinationSettings();
        assertThat(type.destinationSchema().validate(settings)).as("the test's settings are valid").isEmpty();
        ConnectorConfig config = ConnectorConfig.of(type.destinationSchema(), settings);
        assertThat(factory().check(Role.DESTINATION, config)).isEmpty();
        destination = factory().createDestination(config, context);
        destination.start();
    }

    @AfterEach
    void stopDestination() throws Exception {
        destination.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        context.close();
    }

    @Test
    public void delivers_the_exact_bytes_and_reports_sent() throws Exception {
        OutboundMessage message = sampleMessage(1);
        Outcome outcome = destination.send(message);

        assertThat(outcome.kind()).as(outcome.toString()).isEqualTo(Outcome.Kind.SENT);
        assertThat(receivedByPeer()).singleElement().isEqualTo(message.payload());
    }

    @Test
    public void delivers_messages_in_the_order_given() throws Exception {
        for (int n = 1; n <= 3; n++) assertThat(destination.send(sampleMessage(n)).kind()).isEqualTo(Outcome.Kind.SENT);
        List<byte[]> received = receivedByPeer();
        assertThat(received).hasSize(3);
        for (int n = 1; n <= 3; n++) assertThat(received.get(n - 1)).isEqualTo(sampleMessage(n).payload());
    }

    @Test
    public void a_resent_message_is_delivered_again_without_error() throws Exception {
        assertThat(destination.send(sampleMessage(1)).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(destination.send(sampleMessage(1)).kind()).isEqualTo(Outcome.Kind.SENT);
    }

    @Test
    public void an_unavailable_peer_is_a_retry_with_a_reason() throws Exception {
        makePeerUnavailable();
        Outcome outcome = destination.send(sampleMessage(1));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).isNotBlank();
    }
}
