package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ductus engines} and {@code /api/v1/engines} against two real engines on one embedded PostgreSQL: the
 * list shows both with what each delivers, a move hands an interface to the other engine, a drain hands all of
 * an engine's interfaces to the other one while it goes on receiving, each with its audit row; refusals (an
 * engine that is not live, a viewer) fail with exit code 1 and say why.
 */
@ExtendWith(EngineLogOnFailure.class)
class EnginesIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void engines_lists_both_engines_moves_an_interface_and_drains_one_engine_with_audit_rows() throws Exception {
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, 1)) {
            TestProject project = new TestProject(tmp).mllpDestination("lab", receiver.port());
            for (int i = 1; i <= 3; i++) {
                project.otherInterface("other-" + i, "source: internal\nformat: hl7\ndestinations:\n"
                        + "  lab:\n    type: mllp\n    connect: 127.0.0.1:" + receiver.port() + "\n", null);
            }
            project.write();
            String url = Database.POSTGRES.newUrl(project.data(), "engines_api");
            try (DuctusProcess a = start(project, url, "a"); DuctusProcess b = start(project, url, "b")) {
                String operator = a.token("operator");
                String viewer = a.token("viewer");
                String api = a.apiUrl();
                // Both live, and between them they deliver every interface.
                Eventually.within(Duration.ofSeconds(20), () -> {
                    JsonNode items = engines(a);
                    assertThat(items).hasSize(2);
                    assertThat(owned(items)).containsExactlyInAnyOrder("e2e", "other-1", "other-2", "other-3");
                });
                JsonNode items = engines(a);
                String idA = idOf(items, a.pid());
                String idB = idOf(items, b.pid());
                Run list = run("engines", "--url", api, "--token", viewer);
                assertThat(list.exitCode()).as(list.err()).isZero();
                assertThat(list.out()).startsWith("ENGINE").contains(idA, idB, Long.toString(a.pid()), Long.toString(b.pid()), "running");

                // Move e2e to whichever engine does not deliver it now.
                String to = ownerOf(engines(a), "e2e").equals(idA) ? idB : idA;
                Run move = run("engines", "--move", "e2e", "--to", to, "--url", api, "--token", operator);
                assertThat(move.exitCode()).as(move.err()).isZero();
                assertThat(move.out()).startsWith("asked engine " + to + " to deliver e2e");
                Eventually.within(Duration.ofSeconds(10), () -> assertThat(ownerOf(engines(b), "e2e")).isEqualTo(to));

                // Drain engine a: b delivers everything; a still lives (and still receives).
                Run drain = run("engines", "--drain", idA, "--url", api, "--token", operator);
                assertThat(drain.exitCode()).as(drain.err()).isZero();
                assertThat(drain.out()).startsWith("draining engine " + idA);
                Eventually.within(Duration.ofSeconds(10), () -> {
                    JsonNode now = engines(b);
                    assertThat(byId(now, idA).path("state").asText()).isEqualTo("draining");
                    assertThat(byId(now, idA).path("owns")).isEmpty();
                    assertThat(owned(List.of(byId(now, idB)))).containsExactlyInAnyOrder("e2e", "other-1", "other-2", "other-3");
                });
                assertThat(a.alive()).isTrue();

                // Refused: a move to an engine that is not live, a viewer moving, the only live engine... (b is not drained).
                Run unknown = run("engines", "--move", "e2e", "--to", "no-such-engine", "--url", api, "--token", operator);
                assertThat(unknown.exitCode()).isEqualTo(ExitCodes.FAILED);
                assertThat(unknown.err()).contains("no-such-engine");
                Run byViewer = run("engines", "--drain", idB, "--url", api, "--token", viewer);
                assertThat(byViewer.exitCode()).isEqualTo(ExitCodes.FAILED);
                assertThat(byViewer.err()).contains("not allowed");
                Run noTo = run("engines", "--move", "e2e", "--url", api, "--token", operator);
                assertThat(noTo.exitCode()).isEqualTo(ExitCodes.BAD_ARGUMENTS);
                assertThat(noTo.err()).contains("--to ENGINE");

                JsonNode audit = JSON.readTree(a.get("/api/v1/audit?limit=50").body()).path("entries");
                List<String> rows = StreamSupport.stream(audit.spliterator(), false)
                        .map(e -> e.path("action").asText() + " " + e.path("target").asText() + " " + e.path("outcome").asText()).toList();
                assertThat(rows).contains("interface.move interface:e2e ok", "engine.drain engine:" + idA + " ok",
                        "interface.move interface:e2e refused");
            }
        }
    }

    private static DuctusProcess start(TestProject project, String url, String name) throws Exception {
        Path data = tmp(project).resolve("data-" + name);
        DuctusProcess p = DuctusProcess.start(tmp(project).resolve("engine-" + name),
                Database.serveArgs(project.folder(), data, url).toArray(String[]::new));
        p.awaitStarted();
        return p;
    }

    private static Path tmp(TestProject project) {
        return project.folder().getParent();
    }

    private static JsonNode engines(DuctusProcess p) throws Exception {
        var response = p.get("/api/v1/engines");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).path("items");
    }

    private static List<String> owned(Iterable<JsonNode> items) {
        List<String> all = new ArrayList<>();
        for (JsonNode e : items) e.path("owns").forEach(n -> all.add(n.asText()));
        return all;
    }

    private static String idOf(JsonNode items, long pid) {
        for (JsonNode e : items) if (e.path("pid").asLong() == pid) return e.path("id").asText();
        throw new AssertionError("no engine with pid " + pid + " in " + items);
    }

    private static JsonNode byId(JsonNode items, String id) {
        for (JsonNode e : items) if (e.path("id").asText().equals(id)) return e;
        throw new AssertionError("no engine " + id + " in " + items);
    }

    private static String ownerOf(JsonNode items, String interfaceName) {
        for (JsonNode e : items) for (JsonNode n : e.path("owns")) if (n.asText().equals(interfaceName)) return e.path("id").asText();
        return "";
    }

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
