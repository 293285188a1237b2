package io.ductus.connector.mllp;

import io.ductus.sdk.hl7.MllpFraming;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.Hl7Header;
import io.ductus.sdk.testkit.FencedMessage;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MLLP client against a scripted receiver on a real socket. */
class MllpClientTest {

    @TempDir
    Path tmp;

    private ServerSocket receiver;
    private final List<byte[]> received = new CopyOnWriteArrayList<>();
    private Destination client;
    private TestConnectorContext context;

    @AfterEach
    void close() throws Exception {
        if (client != null) client.stop().toCompletableFuture().get();
        if (receiver != null) receiver.close();
        if (context != null) context.close();
    }

    @Test
    void AA_means_sent_and_the_connection_is_kept() throws Exception {
        startReceiver(message -> ack(message, AckCode.AA, ""));
        assertThat(send(message("M1")).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(send(message("M2")).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(received).hasSize(2);
        assertThat(new String(received.get(1), StandardCharsets.ISO_8859_1)).contains("|M2|");
        assertThat(connections).isEqualTo(1);
    }

    @Test
    void AE_means_retry_with_the_receivers_reason() throws Exception {
        startReceiver(message -> ack(message, AckCode.AE, "database locked"));
        Outcome outcome = send(message("M1"));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("AE").contains("database locked");
    }

    @Test
    void AR_means_quarantine_with_the_receivers_reason() throws Exception {
        startReceiver(message -> ack(message, AckCode.AR, "unknown patient"));
        Outcome outcome = send(message("M1"));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).contains("AR").contains("unknown patient");
    }

    @Test
    void no_answer_within_the_timeout_means_retry() throws Exception {
        startReceiver(message -> null);
        Outcome outcome = send(message("M1"));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("no acknowledgement").contains("within");
    }

    @Test
    void a_refused_connection_means_retry() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        client = client(port);
        Outcome outcome = send(message("M1"));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("cannot connect to 127.0.0.1:" + port);
    }

    @Test
    void an_ack_for_another_message_means_retry_on_a_new_connection() throws Exception {
        startReceiver(message -> ack(message("OTHER"), AckCode.AA, ""));
        Outcome outcome = send(message("M1"));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("'OTHER' instead of 'M1'");
    }

    @Test
    void sends_lf_and_crlf_segment_ends_as_cr() throws Exception {
        startReceiver(message -> ack(message, AckCode.AA, ""));
        byte[] lf = ("MSH|^~\\&|DUCTUS|F|LAB|F|20261129||ORU^R01|M1|P|2.5\nPID|1||7\r\nOBX|1|NM|x||7\n\nNTE|1\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        assertThat(send(lf).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(new String(received.get(0), StandardCharsets.ISO_8859_1))
                .isEqualTo("MSH|^~\\&|DUCTUS|F|LAB|F|20261129||ORU^R01|M1|P|2.5\rPID|1||7\rOBX|1|NM|x||7\rNTE|1\r");
    }

    @Test
    void keep_bytes_sends_the_stored_bytes_exactly() throws Exception {
        receiver = new ServerSocket(0);
        startReceiverOn(receiver, message -> ack(message, AckCode.AA, ""));
        client = client(receiver.getLocalPort(), Map.of("keep_bytes", "true"));
        byte[] lf = ("MSH|^~\\&|DUCTUS|F|LAB|F|20261129||ORU^R01|M1|P|2.5\nPID|1||7\r\n").getBytes(StandardCharsets.ISO_8859_1);
        assertThat(send(lf).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(received.get(0)).isEqualTo(lf);
    }

    /**
     * Another engine takes the interface over while this one connects: the fence, checked once the connection is up
     * and the frame built, refuses, and the receiver gets not one byte (read raw, to the end of the connection).
     */
    @Test
    void a_fence_refusing_after_the_connect_writes_nothing() throws Exception {
        receiver = new ServerSocket(0);
        java.util.concurrent.CompletableFuture<Integer> bytesSeen = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CountDownLatch accepted = new java.util.concurrent.CountDownLatch(1);
        Thread.ofVirtual().start(() -> {
            try (Socket s = receiver.accept()) {
                accepted.countDown();
                bytesSeen.complete(s.getInputStream().readAllBytes().length);
            } catch (IOException e) {
                bytesSeen.completeExceptionally(e);
            }
        });
        client = client(receiver.getLocalPort());
        FencedMessage taken = TestMessages.fenced(TestMessages.outbound(1, message("M1"), StandardCharsets.UTF_8,
                java.time.Instant.EPOCH, Map.of()), () -> {
            try { // the takeover lands once the receiver has the connection: the check must come after it
                if (!accepted.await(10, java.util.concurrent.TimeUnit.SECONDS)) throw new AssertionError("not connected within 10 s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        });

        assertThatThrownBy(() -> client.send(taken)).isInstanceOf(NoLongerOwnedException.class).hasMessageContaining("message 1 not sent");
        assertThat(taken.checks()).isEqualTo(1);
        client.stop().toCompletableFuture().get();
        client = null;
        assertThat(bytesSeen.get(10, java.util.concurrent.TimeUnit.SECONDS)).isZero();
    }

    private volatile int connections;

    private void startReceiver(Function<byte[], byte[]> answer) throws IOException {
        receiver = new ServerSocket(0);
        startReceiverOn(receiver, answer);
        client = client(receiver.getLocalPort());
    }

    private void startReceiverOn(ServerSocket receiver, Function<byte[], byte[]> answer) {
        Thread.ofVirtual().start(() -> {
            while (!receiver.isClosed()) {
                try {
                    Socket s = receiver.accept();
                    connections++;
                    Thread.ofVirtual().start(() -> serve(s, answer));
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    private void serve(Socket s, Function<byte[], byte[]> answer) {
        try (s) {
            while (true) {
                byte[] message = MllpTestPeer.readFrame(s.getInputStream());
                if (message == null) return;
                received.add(message);
                byte[] reply = answer.apply(message);
                if (reply != null) s.getOutputStream().write(MllpFraming.frame(reply));
            }
        } catch (IOException e) {
            // connection closed by the client
        }
    }

    private Destination client(int port) {
        return client(port, Map.of());
    }

    private Destination client(int port, Map<String, String> more) {
        context = new TestConnectorContext("if", "lab", Clock.systemUTC(), tmp);
        Map<String, Object> settings = new java.util.HashMap<>(Map.of("connect", "127.0.0.1:" + port, "ack_timeout", "500ms",
                "connect_timeout", "1s"));
        settings.putAll(more);
        return new MllpConnectorFactory().createDestination(ConnectorConfig.of(MllpConnectorFactory.TYPE.destinationSchema(),
                settings), context);
    }

    private Outcome send(byte[] payload) throws InterruptedException {
        return client.send(new OutboundMessage() {
            public long messageId() { return 1; }
            public String interfaceName() { return "if"; }
            public String destinationName() { return "lab"; }
            public byte[] payload() { return payload; }
            public Charset charset() { return StandardCharsets.UTF_8; }
            public java.time.Instant receivedAt() { return java.time.Instant.EPOCH; }
            public Optional<String> field(String path) { return Optional.empty(); }
        });
    }

    private static byte[] message(String controlId) {
        return ("MSH|^~\\&|DUCTUS|F|LAB|F|20261129||ORU^R01|" + controlId + "|P|2.5\rOBX|1|NM|x||7\r")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] ack(byte[] message, AckCode code, String text) {
        return Hl7Ack.build(Hl7Header.read(message), code, text, "R1", ZonedDateTime.now());
    }
}
