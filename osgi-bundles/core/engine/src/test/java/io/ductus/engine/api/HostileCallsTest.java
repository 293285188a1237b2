package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a careless or hostile caller meets on the API: bodies of the wrong type refused before any handler,
 * no class names in any answer, paths matched once normalised, and a cap on connections from one address that
 * leaves every other address served.
 */
class HostileCallsTest {

    /** A qualified Java class name, as an exception's toString() would put in an answer. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.){2,}[A-Z]\\w*");

    private final ApiFixture f = new ApiFixture();

    HostileCallsTest() throws Exception {
        f.status.running();
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void a_json_operation_refuses_a_body_of_another_type_with_415_before_its_handler_runs() throws Exception {
        String body = ApiFixture.json(Map.of("username", "someone", "password", "a password of some length"));
        for (String type : List.of("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x")) {
            HttpResponse<String> r = f.send("POST", "/api/v1/session", Map.of("Content-Type", type), body);
            assertThat(r.statusCode()).as(type).isEqualTo(415);
            assertThat(ApiFixture.read(r).get("detail").asText()).contains("application/json");
        }
        assertThat(f.accounts.audit(new io.ductus.store.account.AuditQuery(null, 100, null, null)).entries())
                .as("no handler ran: no sign-in was refused or counted").isEmpty();
        HttpResponse<String> json = f.send("POST", "/api/v1/session", Map.of("Content-Type", "application/json; charset=utf-8"), body);
        assertThat(json.statusCode()).isEqualTo(401);
    }

    @Test
    void no_answer_names_a_class() throws Exception {
        String admin = f.token("admin");
        List<HttpResponse<String>> answers = new ArrayList<>();
        answers.add(f.withToken("POST", "/api/v1/users", admin, "{\"username\": "));
        answers.add(f.withToken("POST", "/api/v1/users", admin, "[1, 2]"));
        answers.add(f.withToken("GET", "/api/v1/messages?before=abc", admin, null));
        answers.add(f.withToken("GET", "/api/v1/messages?from=yesterday", admin, null));
        answers.add(f.withToken("GET", "/api/v1/messages/99999999999999999999999", admin, null));
        for (HttpResponse<String> r : answers) {
            assertThat(r.statusCode()).as(r.body()).isBetween(400, 499);
            assertThat(CLASS_NAME.matcher(r.body()).find()).as(r.body()).isFalse();
        }
        assertThat(ProblemText.withoutClassNames("org.sqlite.SQLiteException: [SQLITE_BUSY] The database file is locked"))
                .isEqualTo("[SQLITE_BUSY] The database file is locked");
    }

    @Test
    void a_path_is_matched_once_normalised() throws Exception {
        assertThat(raw("GET /api/v1/engine/../health HTTP/1.1")).startsWith("HTTP/1.1 200");
        assertThat(raw("GET /api/v1/health/../../v1/./engine HTTP/1.1")).as("normalised, it needs a caller").startsWith("HTTP/1.1 401");
    }

    @Test
    void an_address_past_its_connections_is_refused_while_other_addresses_are_served() throws Exception {
        URI url = URI.create(f.server.url());
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < ApiServer.MAX_CONNECTIONS_PER_ADDRESS; i++) held.add(connectFrom("127.0.0.2", url));
            // Every one of them is let in and served.
            assertThat(request(held.get(0), "GET /api/v1/health HTTP/1.1")).startsWith("HTTP/1.1 200");
            try (Socket one = connectFrom("127.0.0.2", url)) {
                one.setSoTimeout(5_000);
                assertThat(one.getInputStream().read()).as("closed unread").isEqualTo(-1);
            }
            assertThat(f.listeners.refusals().count("api", "connections_per_address")).isEqualTo(1);
            assertThat(f.send("GET", "/api/v1/health", Map.of(), null).statusCode()).as("another address").isEqualTo(200);
        } finally {
            for (Socket s : held) s.close();
        }
    }

    private String raw(String requestLine) throws Exception {
        URI url = URI.create(f.server.url());
        try (Socket s = new Socket(url.getHost(), url.getPort())) {
            return request(s, requestLine);
        }
    }

    /** Sends one request and reads its status line. */
    private static String request(Socket s, String requestLine) throws Exception {
        s.setSoTimeout(10_000);
        OutputStream out = s.getOutputStream();
        out.write((requestLine + "\r\nHost: test\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\r'; b = in.read()) line.append((char) b);
        return line.toString();
    }

    private static Socket connectFrom(String local, URI url) throws Exception {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(local, 0));
        s.connect(new InetSocketAddress(url.getHost(), url.getPort()), 5_000);
        return s;
    }
}
