package io.ductus.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.ductus.client.ApiException;
import io.ductus.client.DuctusClient;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The event stream against a real HTTP server on an ephemeral port that speaks server-sent events. */
class EventStreamTest {

    private final HttpServer server;
    private final BlockingQueue<String> heard = new LinkedBlockingQueue<>();
    private final List<String> lastEventIds = new CopyOnWriteArrayList<>();
    private volatile Responder responder;

    interface Responder {
        void answer(HttpExchange exchange, int connection) throws IOException;
    }

    EventStreamTest() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        int[] connections = {0};
        server.createContext("/api/v1/events", exchange -> {
            lastEventIds.add(String.valueOf(exchange.getRequestHeaders().getFirst("Last-Event-ID")));
            responder.answer(exchange, ++connections[0]);
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private DuctusClient client() {
        return DuctusClient.withToken(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), "dux_test");
    }

    private EventListener recorder() {
        return new EventListener() {
            @Override
            public void connected() {
                heard.add("connected");
            }

            @Override
            public void event(long id, EngineEvent event) {
                heard.add(id + " " + event);
            }

            @Override
            public void disconnected(ApiException why, Duration retryIn) {
                heard.add("disconnected, retry in " + retryIn.toMillis() + " ms");
            }

            @Override
            public void refused(ApiException why) {
                heard.add("refused " + why.status() + " " + why.detail());
            }
        };
    }

    private static void stream(HttpExchange exchange, String text, boolean thenHang) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
        if (thenHang) {
            try {
                new CountDownLatch(1).await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        exchange.close();
    }

    private String next() throws InterruptedException {
        String s = heard.poll(10, TimeUnit.SECONDS);
        assertThat(s).as("an event within 10 s").isNotNull();
        return s;
    }

    @Test
    void typed_events_then_a_reconnect_with_last_event_id_after_the_engines_retry() throws Exception {
        responder = (exchange, n) -> stream(exchange, n == 1
                ? ": ductus events\nretry: 100\n\nid: 41\nevent: received\ndata: {\"messageId\":7,\"interface\":\"adt\",\"duplicate\":false}\n\n"
                : "retry: 100\n\nid: 42\nevent: resync\ndata: {\"reason\":\"reconnected after event 41\"}\n\n", n > 1);
        try (EventStream stream = EventStream.open(client(), recorder())) {
            assertThat(next()).isEqualTo("connected");
            assertThat(next()).isEqualTo("41 Received[messageId=7, interfaceName=adt, duplicate=false]");
            assertThat(next()).isEqualTo("disconnected, retry in 100 ms");
            assertThat(next()).isEqualTo("connected");
            assertThat(next()).isEqualTo("42 Resync[reason=reconnected after event 41]");
        }
        assertThat(lastEventIds).startsWith("null", "41");
    }

    @Test
    void a_stream_silent_for_longer_than_the_limit_counts_as_lost_and_is_opened_again() throws Exception {
        responder = (exchange, n) -> stream(exchange, "retry: 50\n\n", true);
        try (EventStream stream = EventStream.open(client(), recorder(), Backoff.DEFAULT, Duration.ofMillis(300))) {
            assertThat(next()).isEqualTo("connected");
            assertThat(next()).isEqualTo("disconnected, retry in 50 ms");
            assertThat(next()).isEqualTo("connected");
        }
    }

    @Test
    void a_refused_caller_stops_the_stream_with_the_engines_reason() throws Exception {
        responder = (exchange, n) -> {
            byte[] body = "{\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"token revoked\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(401, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        };
        try (EventStream stream = EventStream.open(client(), recorder())) {
            assertThat(next()).isEqualTo("refused 401 token revoked");
            assertThat(heard.poll(300, TimeUnit.MILLISECONDS)).isNull();
        }
    }

    @Test
    void a_server_that_is_gone_is_retried_with_growing_waits() throws Exception {
        int port = server.getAddress().getPort();
        server.stop(0);
        DuctusClient client = DuctusClient.withToken(URI.create("http://127.0.0.1:" + port), "dux_test");
        try (EventStream stream = EventStream.open(client, recorder(), new Backoff(Duration.ofMillis(20), Duration.ofMillis(80)),
                Duration.ofSeconds(5))) {
            assertThat(next()).isEqualTo("disconnected, retry in 20 ms");
            assertThat(next()).isEqualTo("disconnected, retry in 40 ms");
            assertThat(next()).isEqualTo("disconnected, retry in 80 ms");
            assertThat(next()).isEqualTo("disconnected, retry in 80 ms");
        }
    }
}
