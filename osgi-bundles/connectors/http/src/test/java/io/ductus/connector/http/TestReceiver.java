package io.ductus.connector.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/** A real HTTP server for the sender's tests (the JDK's): records every request and answers as told. */
final class TestReceiver implements AutoCloseable {

    /** One request as the receiver got it. */
    record Received(String method, String uri, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(e -> e.getValue().get(0))
                    .findFirst().orElse(null);
        }
    }

    /** How to answer: status, extra headers, body, and a delay before answering. */
    record Reply(int status, Map<String, String> headers, String body, long delayMillis) {
        static Reply of(int status, String body) {
            return new Reply(status, Map.of(), body, 0);
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile Reply reply = Reply.of(200, "OK");

    TestReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    Map.copyOf(exchange.getRequestHeaders()), in.readAllBytes()));
            Reply now = reply;
            if (now.delayMillis() > 0) Thread.sleep(now.delayMillis());
            now.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            byte[] body = now.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(now.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) exchange.getResponseBody().write(body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void answer(Reply next) {
        reply = next;
    }

    int port() {
        return server.getAddress().getPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
