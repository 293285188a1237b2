package io.ductus.connector.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.FencedMessage;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP sender against a real HTTP server: what each answer, or no answer, becomes. */
class HttpSenderTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    private TestReceiver receiver;
    private TestConnectorContext context;
    private Destination sender;

    @BeforeEach
    void startReceiver() throws Exception {
        receiver = new TestReceiver();
        context = new TestConnectorContext("orders", "lab", Clock.fixed(NOW, ZoneOffset.UTC), Files.createTempDirectory("http-send"));
    }

    @AfterEach
    void stop() throws Exception {
        if (sender != null) sender.stop().toCompletableFuture().get(5, TimeUnit.SECONDS);
        receiver.close();
        context.close();
    }

    private void start(Map<String, Object> extra) throws Exception {
        Map<String, Object> settings = new HashMap<>(Map.of("url", receiver.url("/orders"), "connect_timeout", "1s", "timeout", "2s"));
        settings.putAll(extra);
        sender = new HttpConnectorFactory().createDestination(
                ConnectorConfig.of(HttpConnectorFactory.TYPE.destinationSchema(), settings), context);
        sender.start();
    }

    private static OutboundMessage message(Map<String, String> fields) {
        return TestMessages.outbound(17, "{\"order\":\"A&B\"}".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, NOW, fields);
    }

    /**
     * A receiver on a raw socket, to see every byte the client writes: what it read when the client closed the
     * connection (or failed), and a latch counted down once it accepted the connection.
     */
    private record RawReceiver(ServerSocket socket, java.util.concurrent.CountDownLatch accepted,
                               java.util.concurrent.CompletableFuture<String> seen) implements AutoCloseable {
        static RawReceiver start() throws java.io.IOException {
            RawReceiver r = new RawReceiver(new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress()),
                    new java.util.concurrent.CountDownLatch(1), new java.util.concurrent.CompletableFuture<>());
            Thread.ofVirtual().start(() -> {
                try (java.net.Socket s = r.socket().accept()) {
                    r.accepted().countDown();
                    r.seen().complete(new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1));
                } catch (java.io.IOException e) {
                    r.seen().completeExceptionally(e);
                }
            });
            return r;
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/orders";
        }

        boolean awaitConnection() {
            try {
                if (!accepted.await(10, TimeUnit.SECONDS)) throw new AssertionError("not connected within 10 s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return true;
        }

        @Override
        public void close() throws java.io.IOException {
            socket.close();
        }
    }

    /**
     * Another engine takes the interface over while this one connects: the fence, checked once the connection is up,
     * before the request's headers, refuses, and the receiver gets not one byte; the connection is closed.
     */
    @Test
    void a_fence_refusing_after_the_connect_writes_nothing() throws Exception {
        try (RawReceiver raw = RawReceiver.start()) {
            start(Map.of("url", raw.url()));
            FencedMessage taken = io.ductus.sdk.testkit.TestMessages.fenced(message(Map.of()), () -> !raw.awaitConnection());

            assertThatThrownBy(() -> sender.send(taken)).isInstanceOf(NoLongerOwnedException.class);
            assertThat(taken.checks()).isEqualTo(1);
            assertThat(raw.seen().get(10, TimeUnit.SECONDS)).isEmpty();
        }
    }

    /**
     * Frozen between the headers and the body, then refused: the receiver has the request's headers and not one byte
     * of the body, and the connection is closed (a request cut short, never a message).
     */
    @Test
    void a_fence_refusing_before_the_body_writes_none_of_it() throws Exception {
        try (RawReceiver raw = RawReceiver.start()) {
            start(Map.of("url", raw.url()));
            java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
            FencedMessage taken = io.ductus.sdk.testkit.TestMessages.fenced(message(Map.of()), () -> asked.incrementAndGet() == 1);

            assertThatThrownBy(() -> sender.send(taken)).isInstanceOf(NoLongerOwnedException.class);
            sender.stop().toCompletableFuture().get(5, TimeUnit.SECONDS);
            sender = null;
            String seen = raw.seen().get(10, TimeUnit.SECONDS);
            assertThat(seen).startsWith("POST /orders HTTP/1.1\r\n").contains("Content-Length: 15\r\n").endsWith("\r\n\r\n");
            assertThat(seen).doesNotContain("{\"order\"").doesNotContain("A&B"); // the body
            assertThat(taken.checks()).isEqualTo(2);
        }
    }

    @Test
    void a_2xx_answer_is_sent_with_the_status_and_the_start_of_the_body_as_detail() throws Exception {
        start(Map.of());
        receiver.answer(TestReceiver.Reply.of(201, "{\"accepted\":\n true}"));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(outcome.detail()).isEqualTo("HTTP 201: {\"accepted\": true}");
    }

    @Test
    void sends_the_method_content_type_and_headers_of_its_settings() throws Exception {
        start(Map.of("method", "PUT", "content_type", "application/json", "headers", "X-Api-Version: 2\nX-Source: ductus"));

        sender.send(message(Map.of()));

        TestReceiver.Received got = receiver.received().get(0);
        assertThat(got.method()).isEqualTo("PUT");
        assertThat(got.header("Content-Type")).isEqualTo("application/json");
        assertThat(got.header("X-Api-Version")).isEqualTo("2");
        assertThat(got.header("X-Source")).isEqualTo("ductus");
        assertThat(got.body()).isEqualTo("{\"order\":\"A&B\"}".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void without_a_content_type_setting_sends_text_plain_with_the_payloads_charset() throws Exception {
        start(Map.of());

        sender.send(message(Map.of()));

        assertThat(receiver.received().get(0).header("Content-Type")).isEqualTo("text/plain; charset=UTF-8");
    }

    @Test
    void fills_the_url_from_the_message_with_values_percent_encoded() throws Exception {
        start(Map.of("url", receiver.url("/patients/{PID-3.1}/orders/{id}?day={received:yyyyMMdd}&site={MSH-4}")));

        sender.send(message(Map.of("PID-3.1", "12/34", "MSH-4", "A&B ?x")));

        assertThat(receiver.received().get(0).uri()).isEqualTo("/patients/12%2F34/orders/17?day=20261201&site=A%26B%20%3Fx");
    }

    @Test
    void quarantines_a_message_that_lacks_a_field_the_url_needs() throws Exception {
        start(Map.of("url", receiver.url("/patients/{PID-3.1}")));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).contains("needs {PID-3.1}");
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void a_503_with_retry_after_is_a_retry_no_sooner_than_asked() throws Exception {
        start(Map.of());
        receiver.answer(new TestReceiver.Reply(503, Map.of("Retry-After", "120"), "maintenance", 0));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.retryAfter()).hasValue(Duration.ofSeconds(120));
        assertThat(outcome.detail()).isEqualTo("the receiver answered HTTP 503: maintenance");
    }

    @Test
    void a_retry_after_date_is_read_against_the_engines_clock() throws Exception {
        start(Map.of());
        receiver.answer(new TestReceiver.Reply(429, Map.of("Retry-After", "Tue, 01 Dec 2026 10:01:30 GMT"), "", 0));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.retryAfter()).hasValue(Duration.ofSeconds(90));
    }

    @Test
    void a_408_or_500_without_retry_after_is_a_retry_with_the_engines_back_off() throws Exception {
        start(Map.of());
        for (int status : new int[] {408, 500, 502}) {
            receiver.answer(TestReceiver.Reply.of(status, ""));
            Outcome outcome = sender.send(message(Map.of()));
            assertThat(outcome.kind()).as("HTTP %d", status).isEqualTo(Outcome.Kind.RETRY);
            assertThat(outcome.retryAfter()).isEmpty();
        }
    }

    @Test
    void a_404_is_quarantined_with_the_receivers_answer_as_reason() throws Exception {
        start(Map.of());
        receiver.answer(TestReceiver.Reply.of(404, "{\"error\":\"no such order endpoint\"}"));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).isEqualTo("the receiver refused the message: HTTP 404: {\"error\":\"no such order endpoint\"}");
    }

    @Test
    void a_redirect_is_quarantined_naming_where_it_points() throws Exception {
        start(Map.of());
        receiver.answer(new TestReceiver.Reply(301, Map.of("Location", "https://new.example.org/orders"), "", 0));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).contains("redirected to https://new.example.org/orders");
    }

    @Test
    void a_receiver_slower_than_the_timeout_is_a_retry() throws Exception {
        start(Map.of("timeout", "300ms"));
        receiver.answer(new TestReceiver.Reply(200, Map.of(), "late", 3000));

        long started = System.nanoTime();
        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("within 300 ms (timeout)");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(2500));
    }

    @Test
    void a_refused_connection_is_a_retry_and_reported_as_degraded() throws Exception {
        int closedPort;
        try (ServerSocket free = new ServerSocket(0)) {
            closedPort = free.getLocalPort();
        }
        start(Map.of("url", "http://127.0.0.1:" + closedPort + "/orders"));

        Outcome outcome = sender.send(message(Map.of()));

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).startsWith("cannot reach http://127.0.0.1:" + closedPort);
        assertThat(context.statuses()).anySatisfy(s -> assertThat(s).startsWith("DEGRADED: cannot reach"));
    }
}
