package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on a real socket: records each POSTed JSON document (the engine's own format) and
 * answers 204, or hangs without answering while {@link #hang} is on (an engine sending to it is then mid-send
 * until its own timeout: the moment to kill it).
 */
final class TestWebhook implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<JsonNode> documents = new ArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile CountDownLatch hang;

    TestWebhook() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            requests.incrementAndGet();
            CountDownLatch h = hang;
            if (h != null) {
                try {
                    h.await(5, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.close();
                return;
            }
            synchronized (documents) {
                documents.add(JSON.readTree(body));
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    /** From now on requests are read and never answered, until {@link #answer}. */
    void hang() {
        hang = new CountDownLatch(1);
    }

    void answer() {
        CountDownLatch h = hang;
        hang = null;
        if (h != null) h.countDown();
    }

    /** Requests received, answered or not. */
    int requests() {
        return requests.get();
    }

    /** Every notice of every answered request, in arrival order. */
    List<JsonNode> notices() {
        List<JsonNode> all = new ArrayList<>();
        synchronized (documents) {
            for (JsonNode d : documents) d.path("notices").forEach(all::add);
        }
        return all;
    }

    /** How many answered notices were of this kind for this target. */
    long count(String kind, String target) {
        return notices().stream().filter(n -> n.path("kind").asText().equals(kind) && target.equals(n.path("target").asText(null)))
                .count();
    }

    @Override
    public void close() {
        answer();
        server.stop(0);
    }
}
