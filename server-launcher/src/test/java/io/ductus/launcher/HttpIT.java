package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP connector in the real distribution, against real peers: the JDK's HttpClient posts to a
 * queue-mode source (HTTP in, file out), calls a respond-mode interface (the code answers, nothing is
 * stored), and a JDK HttpServer receives from an HTTP destination that first gets 503 + Retry-After.
 */
class HttpIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    static Path tmp;

    private static DuctusProcess ductus;
    private static HttpServer receiver;
    private static final List<String> received = new CopyOnWriteArrayList<>();
    private static final AtomicInteger attempts = new AtomicInteger();
    private static int ordersPort;
    private static int lookupPort;
    private static int relayPort;

    @BeforeAll
    static void start() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        receiver.createContext("/lab", exchange -> {
            try (exchange) {
                received.add(exchange.getRequestURI() + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                if (attempts.incrementAndGet() == 1) {
                    exchange.getResponseHeaders().add("Retry-After", "1");
                    exchange.sendResponseHeaders(503, -1);
                } else {
                    exchange.sendResponseHeaders(200, -1);
                }
            }
        });
        receiver.start();
        ordersPort = Ports.freeBelowEphemeral();
        lookupPort = Ports.freeBelowEphemeral();
        relayPort = Ports.freeBelowEphemeral();
        Path interfaces = tmp.resolve("project/interfaces");
        write(interfaces.resolve("orders/interface.yaml"), """
                source: { type: http, listen: 127.0.0.1:%d, path: /orders, content_types: application/json }
                format: json
                destinations:
                  archive: { type: file, path: "orders/{id}.json", fsync: false }
                """.formatted(ordersPort));
        write(interfaces.resolve("lookup/interface.yaml"), """
                source: { type: http, listen: 127.0.0.1:%d, path: /patients, respond: true }
                format: json
                """.formatted(lookupPort));
        write(interfaces.resolve("forgotten/interface.yaml"), """
                source: { type: http, listen: 127.0.0.1:%d, path: /forgotten }
                format: json
                """.formatted(Ports.freeBelowEphemeral()));
        write(interfaces.resolve("lookup/transform.js"), """
                export function transform(req, meta) {
                  if (req.method === 'POST') return { status: 201, headers: { location: '/patients/' + req.body.id }, body: null };
                  const mrn = req.path.split('/').pop();
                  if (mrn === 'missing') return { status: 404, body: { error: 'no patient ' + mrn } };
                  if (mrn === 'nobody') return null;
                  if (mrn === 'broken') throw new Error('lookup table is broken');
                  return { status: 200, headers: { 'x-interface': meta.interface }, body: { mrn, name: 'DOE^JANE' } };
                }
                """);
        write(interfaces.resolve("relay/interface.yaml"), """
                source: { type: http, listen: 127.0.0.1:%d }
                format: text
                destinations:
                  lab: { type: http, url: "http://127.0.0.1:%d/lab/{id}", content_type: "text/plain; charset=UTF-8", timeout: 5s }
                """.formatted(relayPort, receiver.getAddress().getPort()));
        ductus = DuctusProcess.start(tmp, "serve", "--project", tmp.resolve("project").toString(), "--data", tmp.resolve("data").toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString());
        ductus.awaitStarted();
    }

    @AfterAll
    static void stop() {
        if (ductus != null) ductus.close();
        if (receiver != null) receiver.stop(0);
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static HttpResponse<String> send(int port, String method, String path, String contentType, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(20))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) request.header("Content-Type", contentType);
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void a_posted_body_is_answered_202_with_its_id_and_delivered_to_the_file_destination() throws Exception {
        String order = "{\"order\":\"A-17\",\"patient\":\"Müller\"}";

        HttpResponse<String> response = send(ordersPort, "POST", "/orders", "application/json; charset=utf-8", order);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        long id = JSON.readTree(response.body()).path("id").asLong();
        Path written = tmp.resolve("data/orders/" + id + ".json");
        Eventually.within(Duration.ofSeconds(30), () -> assertThat(written).exists());
        assertThat(Files.readString(written)).isEqualTo(order);
    }

    @Test
    void refuses_what_the_listener_does_not_take_with_a_problem_body() throws Exception {
        assertThat(send(ordersPort, "POST", "/invoices", "application/json", "{}").statusCode()).isEqualTo(404);
        assertThat(send(ordersPort, "GET", "/orders", null, null).statusCode()).isEqualTo(405);
        HttpResponse<String> wrongType = send(ordersPort, "POST", "/orders", "text/plain", "hello");
        assertThat(wrongType.statusCode()).isEqualTo(415);
        assertThat(wrongType.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void respond_mode_answers_with_what_the_code_returns_and_stores_nothing() throws Exception {
        HttpResponse<String> found = send(lookupPort, "GET", "/patients/42", null, null);
        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        assertThat(found.headers().firstValue("X-Interface")).hasValue("lookup");
        assertThat(found.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(JSON.readTree(found.body())).isEqualTo(JSON.readTree("{\"mrn\":\"42\",\"name\":\"DOE^JANE\"}"));

        HttpResponse<String> missing = send(lookupPort, "GET", "/patients/missing", null, null);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("no patient missing");

        assertThat(send(lookupPort, "GET", "/patients/nobody", null, null).statusCode()).as("null answers 204").isEqualTo(204);
        HttpResponse<String> broken = send(lookupPort, "GET", "/patients/broken", null, null);
        assertThat(broken.statusCode()).isEqualTo(500);
        assertThat(broken.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(broken.body()).contains("lookup table is broken").contains("transform.js");

        HttpResponse<String> created = send(lookupPort, "POST", "/patients", "application/json", "{\"id\":\"P9\"}");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.headers().firstValue("Location")).hasValue("/patients/P9");

        JsonNode lookup = interfaceNamed("lookup");
        assertThat(lookup.path("state").asText()).isEqualTo("running");
        assertThat(lookup.path("destinations")).as("respond mode needs no destination").isEmpty();
        assertThat(JSON.readTree(ductus.get("/api/v1/messages?interface=lookup").body()).path("messages")).as("nothing was stored").isEmpty();
    }

    @Test
    void an_interface_that_stores_what_it_receives_does_not_start_without_a_destination() throws Exception {
        JsonNode forgotten = interfaceNamed("forgotten");
        assertThat(forgotten.path("state").asText()).isNotEqualTo("running");
        assertThat(forgotten.path("reason").asText()).contains("destinations: none given").contains("respond: true");
        assertThat(interfaceNamed("orders").path("state").asText()).as("the others run").isEqualTo("running");
    }

    @Test
    void the_http_destination_retries_a_503_after_its_retry_after_and_then_delivers() throws Exception {
        HttpResponse<String> response = send(relayPort, "POST", "/", "text/plain", "hello lab");
        assertThat(response.statusCode()).isEqualTo(202);
        long id = JSON.readTree(response.body()).path("id").asLong();

        Eventually.within(Duration.ofSeconds(30), () -> assertThat(attempts.get()).isGreaterThanOrEqualTo(2));
        assertThat(received).containsExactly("/lab/" + id + " hello lab", "/lab/" + id + " hello lab");
    }

    private static JsonNode interfaceNamed(String name) throws Exception {
        for (JsonNode i : JSON.readTree(ductus.get("/api/v1/engine").body()).path("interfaces")) {
            if (i.path("name").asText().equals(name)) return i;
        }
        throw new AssertionError("no interface " + name);
    }
}
