package io.ductus.connector.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.ConnectorException;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Receipt;
import io.ductus.sdk.Responder;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the HTTP listener answers beyond the source contract: limits, refusals, charset, origin and respond mode. */
class HttpListenerTest {

    private static final byte[] HL7 = "MSH|^~\\&|S|F|R|F|2026||ADT^A01|C1|P|2.5\rPID|1||42\r".getBytes(StandardCharsets.UTF_8);

    private final HttpConnectorFactory factory = new HttpConnectorFactory();
    private final InMemoryIntake intake = new InMemoryIntake();
    private TestConnectorContext context;
    private Source source;
    private int port;

    @AfterEach
    void stop() throws Exception {
        intake.release();
        if (source != null) source.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        if (context != null) context.close();
        factory.release();
    }

    private void start(Map<String, Object> extra, Intake to) throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Map<String, Object> settings = new HashMap<>(Map.of("listen", "127.0.0.1:" + port, "path", "/adt"));
        settings.putAll(extra);
        context = new TestConnectorContext("adt-in", "source", Clock.systemUTC(), Files.createTempDirectory("http-test"));
        source = factory.createSource(ConnectorConfig.of(HttpConnectorFactory.TYPE.sourceSchema(), settings), context);
        source.start(to);
    }

    private HttpResponse<String> post(String path, String contentType, byte[] body) throws Exception {
        return TestClient.post(port, path, contentType, body, 10);
    }

    @Test
    void refuses_connections_past_max_connections_as_the_mllp_listener_does() throws Exception {
        start(Map.of("max_connections", 1), intake);
        try (java.net.Socket first = new java.net.Socket("127.0.0.1", port)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            first.getOutputStream().write(("POST /adt HTTP/1.1\r\nHost: x\r\nContent-Length: " + HL7.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            first.getOutputStream().write(HL7);
            while (intake.stored().isEmpty() && System.nanoTime() < deadline) Thread.sleep(5); // the first is taken
            try (java.net.Socket second = new java.net.Socket("127.0.0.1", port)) {
                second.setSoTimeout(10_000);
                assertThat(second.getInputStream().read()).as("the second connection is closed").isEqualTo(-1);
            }
            assertThat(context.logLines()).anyMatch(l -> l.contains("already 1 connections (max_connections)"));
        }
    }

    @Test
    void answers_202_with_the_stored_message_id_as_json() throws Exception {
        start(Map.of(), intake);

        HttpResponse<String> response = post("/adt", "application/hl7-v2", HL7);

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.body()).isEqualTo("{\"id\":1,\"duplicate\":false}");
    }

    @Test
    void answers_503_with_retry_after_and_a_problem_body_when_storing_fails() throws Exception {
        start(Map.of("retry_after", "30s"), intake);
        intake.failNext(1, "database is unavailable");

        HttpResponse<String> response = post("/adt", "application/hl7-v2", HL7);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":503").contains("not stored, send it again: database is unavailable");
        assertThat(intake.stored()).isEmpty();
    }

    @Test
    void refuses_a_body_over_max_body_with_413_naming_the_limit() throws Exception {
        start(Map.of("max_body", 100), intake);

        HttpResponse<String> response = post("/adt", "text/plain", new byte[101]);

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("at most 100 bytes (max_body)");
        assertThat(intake.submittedCount()).isZero();
        assertThat(post("/adt", "text/plain", new byte[100]).statusCode()).as("a body at the limit").isEqualTo(202);
    }

    @Test
    void answers_404_for_a_path_it_does_not_serve_and_serves_paths_below_its_own() throws Exception {
        start(Map.of(), intake);

        HttpResponse<String> other = post("/adt2", "text/plain", HL7);
        assertThat(other.statusCode()).isEqualTo(404);
        assertThat(other.body()).contains("this listener serves /adt, not /adt2");

        assertThat(post("/adt/site-a", "text/plain", HL7).statusCode()).isEqualTo(202);
        assertThat(intake.stored()).singleElement().satisfies(m -> assertThat(m.origin()).containsEntry("path", "/adt/site-a"));
    }

    @Test
    void answers_405_with_the_allowed_methods_for_another_method() throws Exception {
        start(Map.of(), intake);

        HttpResponse<String> response = TestClient.send(port, "/adt", "PUT", "text/plain", HL7, 10);

        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("POST");
        assertThat(response.body()).contains("PUT is not accepted here; use POST");
        assertThat(intake.submittedCount()).isZero();
    }

    @Test
    void answers_415_for_a_content_type_it_does_not_take() throws Exception {
        start(Map.of("content_types", "application/hl7-v2, application/json"), intake);

        HttpResponse<String> response = post("/adt", "text/xml", HL7);

        assertThat(response.statusCode()).isEqualTo(415);
        assertThat(response.body()).contains("text/xml is not accepted; this listener takes application/hl7-v2, application/json");
        assertThat(post("/adt", "application/JSON; charset=utf-8", "{}".getBytes(StandardCharsets.UTF_8)).statusCode())
                .as("media types compare without case and parameters").isEqualTo(202);
    }

    @Test
    void answers_415_for_a_charset_it_does_not_know() throws Exception {
        start(Map.of(), intake);

        HttpResponse<String> response = post("/adt", "text/plain; charset=klingon-1", HL7);

        assertThat(response.statusCode()).isEqualTo(415);
        assertThat(response.body()).contains("unknown charset 'klingon-1' in Content-Type");
    }

    @Test
    void answers_400_for_a_request_without_a_body() throws Exception {
        start(Map.of(), intake);

        HttpResponse<String> response = post("/adt", "text/plain", new byte[0]);

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("the request has no body");
    }

    @Test
    void stores_the_charset_from_content_type_and_where_the_request_came_from() throws Exception {
        start(Map.of(), intake);
        byte[] latin1 = "PID|1||Müller\r".getBytes(StandardCharsets.ISO_8859_1);

        assertThat(post("/adt", "text/plain; charset=\"ISO-8859-1\"", latin1).statusCode()).isEqualTo(202);

        InboundMessage stored = intake.stored().get(0);
        assertThat(stored.payload()).isEqualTo(latin1);
        assertThat(stored.charset()).hasValue(StandardCharsets.ISO_8859_1);
        assertThat(stored.origin()).containsEntry("method", "POST").containsEntry("path", "/adt")
                .containsEntry("content-type", "text/plain").containsKey("remote");
        assertThat(stored.origin().get("remote")).startsWith("127.0.0.1:");
    }

    @Test
    void without_a_charset_in_content_type_leaves_the_charset_to_the_interface() throws Exception {
        start(Map.of(), intake);

        assertThat(post("/adt", "application/hl7-v2", HL7).statusCode()).isEqualTo(202);

        assertThat(intake.stored().get(0).charset()).isEmpty();
    }

    @Test
    void respond_mode_answers_with_the_status_headers_and_body_the_code_returned() throws Exception {
        RespondingIntake responding = new RespondingIntake(request -> CompletableFuture.completedFuture(new Responder.Response(201,
                Map.of("content-type", "application/json", "x-patient", "42"),
                ("{\"seen\":\"" + request.method() + " " + request.path() + "?" + request.query() + "\"}").getBytes(StandardCharsets.UTF_8))));
        start(Map.of("respond", true), responding);

        HttpResponse<String> response = TestClient.send(port, "/adt/patients?mrn=42", "GET", null, null, 10);

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(response.headers().firstValue("X-Patient")).hasValue("42");
        assertThat(response.body()).isEqualTo("{\"seen\":\"GET /adt/patients?{mrn=[42]}\"}");
        assertThat(responding.submitted).as("respond mode stores nothing").isEmpty();
    }

    @Test
    void respond_mode_hands_the_code_the_body_its_charset_and_headers() throws Exception {
        List<Responder.Request> seen = new CopyOnWriteArrayList<>();
        start(Map.of("respond", true), new RespondingIntake(request -> {
            seen.add(request);
            return CompletableFuture.completedFuture(new Responder.Response(204, Map.of(), new byte[0]));
        }));

        HttpResponse<String> response = post("/adt", "application/json; charset=UTF-16", "{}".getBytes(StandardCharsets.UTF_16));

        assertThat(response.statusCode()).isEqualTo(204);
        Responder.Request request = seen.get(0);
        assertThat(request.body()).isEqualTo("{}".getBytes(StandardCharsets.UTF_16));
        assertThat(request.charset()).isEqualTo(StandardCharsets.UTF_16);
        assertThat(request.headers()).containsEntry("content-type", "application/json; charset=UTF-16");
        assertThat(request.origin()).containsEntry("method", "POST");
    }

    @Test
    void respond_mode_answers_503_with_retry_after_when_the_code_cannot_run() throws Exception {
        start(Map.of("respond", true), new RespondingIntake(request ->
                CompletableFuture.failedFuture(new io.ductus.sdk.IntakeException("interface adt-in is stopping"))));

        HttpResponse<String> response = TestClient.send(port, "/adt", "GET", null, null, 10);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("5");
        assertThat(response.body()).contains("interface adt-in is stopping");
    }

    @Test
    void a_failure_the_listener_did_not_expect_answers_503_without_naming_library_classes() throws Exception {
        start(Map.of("respond", true), new RespondingIntake(request ->
                CompletableFuture.failedFuture(new IllegalStateException("java.sql.SQLException: secret detail"))));

        HttpResponse<String> response = TestClient.send(port, "/adt", "GET", null, null, 10);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("java.").doesNotContain("secret");
    }

    @Test
    void matches_the_path_after_resolving_dot_segments_so_a_path_cannot_climb_out_of_its_own() throws Exception {
        start(Map.of(), intake);
        assertThat(raw("POST /adt/../admin HTTP/1.1")).startsWith("HTTP/1.1 404").contains("not /admin");
        assertThat(raw("POST /adt/%2e%2e/admin HTTP/1.1")).startsWith("HTTP/1.1 404").contains("not /admin");
        assertThat(raw("POST /adt/./site-a/../site-b HTTP/1.1")).startsWith("HTTP/1.1 202");
        assertThat(intake.stored()).singleElement().satisfies(m -> assertThat(m.origin()).containsEntry("path", "/adt/site-b"));
    }

    @Test
    void a_request_that_does_not_come_whole_within_frame_timeout_gets_408_and_is_cut_off() throws Exception {
        start(Map.of("frame_timeout", "1s"), intake);
        try (java.net.Socket slow = new java.net.Socket("127.0.0.1", port)) {
            slow.setSoTimeout(10_000);
            slow.getOutputStream().write("POST /adt HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII)); // and no more
            String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(answer).startsWith("HTTP/1.1 408").contains("frame_timeout");
        }
        assertThat(intake.stored()).isEmpty();
        assertThat(post("/adt", "text/plain", HL7).statusCode()).isEqualTo(202);
    }

    /** Sends a request line as written (no client normalizes it), with the HL7 body; returns the whole answer. */
    private String raw(String requestLine) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write((requestLine + "\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: " + HL7.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(HL7);
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void respond_mode_refuses_to_start_without_the_interfaces_code() throws Exception {
        assertThatThrownBy(() -> start(Map.of("respond", true), intake))
                .isInstanceOf(ConnectorException.class)
                .hasMessageContaining("respond: true needs transform.js");
        source = null;
    }

    /** An intake that also answers requests, as the engine's does for an interface with code. */
    private static final class RespondingIntake implements Intake, Responder {
        private final java.util.function.Function<Request, CompletionStage<Response>> code;
        final List<InboundMessage> submitted = new CopyOnWriteArrayList<>();

        RespondingIntake(java.util.function.Function<Request, CompletionStage<Response>> code) {
            this.code = code;
        }

        @Override
        public CompletionStage<Receipt> submit(InboundMessage message) {
            submitted.add(message);
            return CompletableFuture.completedFuture(new Receipt(submitted.size(), false));
        }

        @Override
        public CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, io.ductus.sdk.Progress progress) {
            throw new UnsupportedOperationException("the HTTP listener submits one message at a time");
        }

        @Override
        public CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                               io.ductus.sdk.Progress progress) {
            throw new UnsupportedOperationException("the HTTP listener submits one message at a time");
        }

        @Override
        public java.util.Optional<String> savedProgress(String key) {
            return java.util.Optional.empty();
        }

        @Override
        public boolean hasPendingMessages() {
            return false;
        }

        @Override
        public CompletionStage<Response> respond(Request request) {
            return code.apply(request);
        }
    }

}
