package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * ductus replay against an HTTP server on a real socket that answers as the engine's replay API does: what
 * the command sends, its progress and report, --format json, and its exit status.
 */
class ReplayCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private HttpServer server;
    private final List<JsonNode> started = new ArrayList<>();
    private final AtomicInteger polls = new AtomicInteger();
    private volatile String kinds = "{\"same\":10,\"changed\":0,\"decision_changed\":0,\"error\":0,\"not_comparable\":0,\"drift\":0}";
    private volatile String status = "done";

    @TempDir
    Path folder;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/v1/replays", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String query = exchange.getRequestURI().getQuery();
            String body;
            if (exchange.getRequestMethod().equals("POST")) {
                started.add(JSON.readTree(exchange.getRequestBody().readAllBytes()));
                body = job("running", 0);
                exchange.sendResponseHeaders(202, 0);
            } else if (path.endsWith("/rows")) {
                body = query != null && query.contains("kind=changed") || query != null && !query.contains("kind=")
                        ? "{\"replay\":7,\"rows\":[{\"messageId\":1207,\"destination\":\"ehr\",\"kind\":\"changed\",\"note\":null,"
                        + "\"differences\":[{\"path\":\"PID-5.1\",\"before\":\"DUCK\",\"after\":\"Duck\"}]}],\"next\":null}"
                        : "{\"replay\":7,\"rows\":[],\"next\":null}";
                exchange.sendResponseHeaders(200, 0);
            } else {
                body = polls.incrementAndGet() < 3 ? job("running", 4) : job(status, 10);
                exchange.sendResponseHeaders(200, 0);
            }
            exchange.getResponseBody().write(body.getBytes(StandardCharsets.UTF_8));
            exchange.close();
        });
        server.start();
    }

    private String job(String state, int done) {
        return "{\"id\":7,\"status\":\"" + state + "\",\"request\":{\"candidate\":\"draft\"},\"summary\":{\"messages\":" + done
                + ",\"total\":10,\"rows\":10,\"seconds\":2.0,\"rowsPerSecond\":5,\"kinds\":" + kinds
                + ",\"topFields\":[{\"field\":\"PID-5.1\",\"rows\":1}],\"reason\":\"cancelled after 4 message(s)\"}}";
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("replay", "--token", "dux_x", "--url", "http://127.0.0.1:" + server.getAddress().getPort()));
        all.addAll(List.of(args));
        return cli.execute(all.toArray(String[]::new));
    }

    @Test
    void all_the_same_exits_0_after_a_progress_bar_and_a_report() {
        assertThat(run("--interface", "lab", "--last", "7d", "--draft", "--ignore", "MSH-7")).isEqualTo(ExitCodes.OK);
        JsonNode asked = started.getFirst();
        assertThat(asked.get("interfaces").get(0).asText()).isEqualTo("lab");
        assertThat(asked.get("last").asText()).isEqualTo("7d");
        assertThat(asked.get("candidate").asText()).isEqualTo("draft");
        assertThat(asked.get("ignore").get(0).asText()).isEqualTo("MSH-7");
        assertThat(err.toString()).contains("replay 7 of lab (draft)").contains("4/10 messages").contains("10/10 messages");
        assertThat(out.toString()).contains("replay 7: done, 10 message(s), 10 row(s)").contains("same 10, changed 0");
    }

    @Test
    void differences_exit_4_with_the_first_of_each_kind_and_json_gives_a_line_per_row_then_the_summary() {
        kinds = "{\"same\":9,\"changed\":1,\"decision_changed\":0,\"error\":0,\"not_comparable\":0,\"drift\":0}";
        assertThat(run("--interface", "lab", "--from", "2026-11-24T00:00:00Z", "--revision", "4")).isEqualTo(ReplayCommand.DIFFERENCES);
        assertThat(started.getFirst().get("revision").asInt()).isEqualTo(4);
        assertThat(started.getFirst().get("from").asText()).isEqualTo("2026-11-24T00:00:00Z");
        assertThat(out.toString()).contains("fields that changed most:").contains("PID-5.1").contains("first changed:")
                .contains("message 1207 → ehr").contains("PID-5.1: \"DUCK\" → \"Duck\"");

        out.getBuffer().setLength(0);
        polls.set(0);
        assertThat(run("--interface", "lab", "--last", "1d", "--deployed", "--format", "json")).isEqualTo(ReplayCommand.DIFFERENCES);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).contains("\"messageId\":1207");
        assertThat(lines.get(1)).contains("\"status\":\"done\"").contains("\"summary\"");
    }

    @Test
    void a_candidate_folder_sends_its_interface_and_lib_files_and_a_replay_that_did_not_finish_exits_1() throws Exception {
        Files.createDirectories(folder.resolve("interfaces/lab/tests"));
        Files.createDirectories(folder.resolve("interfaces/other"));
        Files.createDirectories(folder.resolve("lib"));
        Files.writeString(folder.resolve("interfaces/lab/interface.yaml"), "source: internal\n");
        Files.writeString(folder.resolve("interfaces/lab/tests/a.test.js"), "test('x', () => {});\n");
        Files.writeString(folder.resolve("interfaces/other/interface.yaml"), "source: internal\n");
        Files.write(folder.resolve("lib/table.bin"), new byte[] {(byte) 0xff, 0, 1});
        status = "cancelled";
        assertThat(run("--interface", "lab", "--last", "7d", "--candidate", folder.toString())).isEqualTo(ExitCodes.FAILED);
        JsonNode asked = started.getFirst();
        assertThat(asked.get("candidate").asText()).isEqualTo("files");
        List<String> names = new ArrayList<>();
        asked.get("files").fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("interfaces/lab/interface.yaml", "interfaces/lab/tests/a.test.js");
        assertThat(asked.get("binaryFiles").get("lib/table.bin").asText()).isEqualTo("/wAB");
        assertThat(err.toString()).contains("replay 7 cancelled: cancelled after 4 message(s)");
    }
}
