package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
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
 * exception), and it stops promptly. A destination that checks {@link OutboundMessage#fence()} (1.5) says so
 * ({@link #checksTheFence()}), and the contract checks that a message refused there reaches the peer not at all.
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

    /**
     * Whether the destination checks {@link OutboundMessage#fence()} before it writes (SDK 1.5): then
     * {@link #a_message_no_longer_owned_reaches_the_peer_not_at_all} runs. False by default (skipped).
     *
     * @since 1.5
     */
    protected boolean checksTheFence() {
        return false;
    }

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

    /**
     * A message the engine no longer owns, refused by the fence on a connection already open: nothing of it
     * reaches the peer, the destination either lets {@link NoLongerOwnedException} end the send or answers
     * anything (the engine disregards it), and the next message is delivered as usual.
     */
    @Test
    public void a_message_no_longer_owned_reaches_the_peer_not_at_all() throws Exception {
        assumeTrue(checksTheFence(), "the destination does not check the fence");
        assertThat(destination.send(sampleMessage(1)).kind()).isEqualTo(Outcome.Kind.SENT);

        FencedMessage refused = TestMessages.fenced(sampleMessage(2), () -> false);
        try {
            destination.send(refused);
        } catch (NoLongerOwnedException expected) {
            // what a destination does best: the refusal ends the send
        }

        assertThat(refused.checks()).as("fence checked").isPositive();
        assertThat(destination.send(sampleMessage(3)).kind()).isEqualTo(Outcome.Kind.SENT);
        List<byte[]> received = receivedByPeer();
        assertThat(received).hasSize(2);
        assertThat(received.get(0)).isEqualTo(sampleMessage(1).payload());
        assertThat(received.get(1)).isEqualTo(sampleMessage(3).payload());
    }
}
