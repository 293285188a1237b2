package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.store.MessageQuery;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays on a real engine runtime and a real SQLite store: messages received over MLLP and delivered by
 * the workers of a deployed revision, then replayed through candidates over HTTP. The deployed code
 * reports every row the same (the destination without kept output through its revision run again, with
 * the clock pinned and randomness seeded); a changed field exactly where it changes; a filter as decision
 * changed; writes refused and not comparable with nothing written; a runaway stopped; rows behind payloads.
 */
class ReplayRoutesTest {

    private static ApiFixture fixture;
    private static String operator;

    /** lab keeps its output; billing does not (its baseline is revision 1 run again), and draws a random number. */
    static final String YAML = """
            source: { type: mllp, listen: 127.0.0.1:%2$d }
            format: hl7
            timeout: 1s
            destinations:
              lab: { type: file, path: "%1$s/lab/{id}.hl7", fsync: false, save_output: true, transform: toLab }
              billing: { type: file, path: "%1$s/billing/{id}.hl7", fsync: false, transform: toBilling }
            """;

    static final String CODE = """
            export function toLab(msg) {
              msg.set('PID-5.1', msg.get('PID-5.1').toUpperCase());
              return msg;
            }
            export function toBilling(msg, meta) {
              if (msg.get('MSH-9.2') === 'A08') filter('billing takes no updates');
              msg.add('ZRN|' + Math.floor(Math.random() * 1e9) + '|' + new Date().getTime() + '|' + meta.receivedAt);
              return msg;
            }
            """;

    @BeforeAll
    static void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        operator = fixture.token("operator", "payloads");
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    /** An interface deployed with CODE (or the code given), fed 6 ADT^A01 and 2 ADT^A08 over MLLP, all delivered. */
    private static String recorded(String prefix) throws Exception {
        String name = ApiFixture.unique(prefix);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("base", null);
        body.put("files", Map.of("interfaces/" + name + "/interface.yaml", YAML.formatted(name, port), "interfaces/" + name + "/transform.js", CODE));
        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", operator, ApiFixture.json(body));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        for (int i = 1; i <= 8; i++) {
            String event = i % 4 == 0 ? "A08" : "A01";
            assertThat(send(port, "MSH|^~\\&|ADT|H|LAB|H|20261129||ADT^" + event + "|C" + i + "|P|2.5\rPID|1||P" + i + "||Duck" + i + "^Don\r"))
                    .isEqualTo(AckCode.AA);
        }
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (true) {
            var page = fixture.store.browse(new MessageQuery(name, null, null, null, null, 50)).messages();
            if (page.size() == 8 && page.stream().noneMatch(m -> m.status().equals("pending"))) break;
            if (System.nanoTime() > deadline) throw new AssertionError("not delivered in time: " + page);
            Thread.sleep(20);
        }
        return name;
    }

    private static AckCode send(int port, String message) throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.ISO_8859_1)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        }
    }

    private static Map<String, Object> replay(String name, String candidate) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("interface", name);
        body.put("from", "2020-01-01T00:00:00Z");
        body.put("to", "2100-01-01T00:00:00Z");
        body.put("candidate", candidate);
        return body;
    }

    private static Map<String, Object> withCode(String name, String code) {
        Map<String, Object> body = replay(name, "files");
        int port = 1; // the listen address is the candidate's; nothing listens during a replay
        body.put("files", Map.of("interfaces/" + name + "/interface.yaml", YAML.formatted(name, port), "interfaces/" + name + "/transform.js", code));
        return body;
    }

    /** Starts a replay and waits for its end; its summary. */
    private static JsonNode run(Map<String, Object> body) throws Exception {
        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/replays", operator, ApiFixture.json(body));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
        long id = ApiFixture.read(r).get("id").asLong();
        long deadline = System.nanoTime() + 90_000_000_000L; // a replay runs at the lowest priority: on a loaded machine it waits
        while (true) {
            JsonNode s = ApiFixture.read(fixture.withToken("GET", "/api/v1/replays/" + id, operator, null));
            if (!s.get("status").asText().equals("running")) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("replay " + id + " did not end: " + s);
            Thread.sleep(20);
        }
    }

    private static List<JsonNode> rows(long id, String query) throws Exception {
        HttpResponse<String> r = fixture.withToken("GET", "/api/v1/replays/" + id + "/rows" + query, operator, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        List<JsonNode> rows = new ArrayList<>();
        ApiFixture.read(r).get("rows").forEach(rows::add);
        return rows;
    }

    private static long kind(JsonNode summary, String kind) {
        return summary.at("/summary/kinds/" + kind).asLong();
    }

    @Test
    void the_deployed_code_replayed_reports_every_row_the_same_and_stores_nothing() throws Exception {
        String name = recorded("same");
        int before = fixture.store.browse(new MessageQuery(name, null, null, null, null, 50)).messages().size();
        var events = fixture.events.subscribe();
        JsonNode s = run(replay(name, "deployed"));
        // its progress was on the events stream: ids and counts, ending with done
        List<io.ductus.engine.monitor.EngineEvent> replayEvents = new ArrayList<>();
        long until = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < until && (replayEvents.isEmpty() || !"done".equals(replayEvents.getLast().data().get("status")))) {
            var e = events.next(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            if (e != null && e.type().equals("replay") && e.data().get("id").equals(s.get("id").asLong())) replayEvents.add(e);
        }
        events.close();
        assertThat(replayEvents).isNotEmpty();
        assertThat(replayEvents.getFirst().data().get("status")).isEqualTo("queued");
        assertThat(replayEvents.getLast().data()).containsEntry("status", "done").containsEntry("messages", 8L).containsKey("kinds")
                .doesNotContainKey("payload");
        assertThat(s.get("status").asText()).as(s.toString()).isEqualTo("done");
        assertThat(s.at("/summary/messages").asLong()).isEqualTo(8);
        assertThat(kind(s, "same")).as(s.toString()).isEqualTo(16);
        assertThat(s.at("/summary/rows").asLong()).isEqualTo(16);
        // the CPU its lanes got, by their own clocks: some, and never more than they had threads × time
        assertThat(s.at("/summary/cpuSeconds").asDouble()).isPositive()
                .isLessThanOrEqualTo(s.at("/summary/threads").asInt() * s.at("/summary/seconds").asDouble() + 0.05);
        assertThat(rows(s.get("id").asLong(), "")).isEmpty();
        assertThat(fixture.store.browse(new MessageQuery(name, null, null, null, null, 50)).messages()).hasSize(before);
        // a second run of the same code: the same again (the random numbers and times are seeded and pinned)
        assertThat(kind(run(replay(name, "deployed")), "same")).isEqualTo(16);
    }

    @Test
    void a_candidate_changing_one_field_reports_exactly_those_messages_and_fields_and_ignored_fields_do_not_count() throws Exception {
        String name = recorded("field");
        String changed = CODE.replace("return msg;\n}\nexport function toBilling",
                "if (msg.get('PID-3') === 'P3') msg.set('PID-5.2', 'Donald');\n  msg.set('MSH-7', '20990101');\n  return msg;\n}\nexport function toBilling");
        Map<String, Object> body = withCode(name, changed);
        body.put("ignore", List.of("MSH-7"));
        JsonNode s = run(body);
        assertThat(s.get("status").asText()).as(s.toString()).isEqualTo("done");
        assertThat(kind(s, "changed")).as(s.toString()).isEqualTo(1);
        assertThat(kind(s, "same")).as(s.toString()).isEqualTo(15); // the summary says which kind the others were
        List<JsonNode> rows = rows(s.get("id").asLong(), "?kind=changed");
        assertThat(rows).hasSize(1);
        JsonNode row = rows.getFirst();
        assertThat(row.get("destination").asText()).isEqualTo("lab");
        assertThat(row.get("baseline").asText()).isEqualTo("kept output");
        assertThat(row.get("comparedBy").asText()).isEqualTo("hl7");
        assertThat(row.get("differences")).extracting(d -> d.get("path").asText() + ": " + d.get("before").asText() + " → " + d.get("after").asText())
                .containsExactly("PID-5.2: Don → Donald");
        assertThat(s.at("/summary/topFields/0/field").asText()).isEqualTo("PID-5.2");
        assertThat(rows(s.get("id").asLong(), "?field=PID-5.2")).hasSize(1);
        assertThat(rows(s.get("id").asLong(), "?field=PID-5.1")).isEmpty();

        body.remove("ignore"); // without the ignore, every lab row changed (MSH-7)
        JsonNode all = run(body);
        assertThat(kind(all, "changed")).isEqualTo(8);
    }

    @Test
    void a_candidate_filtering_a_message_type_reports_those_rows_as_decision_changed_with_both_reasons() throws Exception {
        String name = recorded("filter");
        String filtering = CODE.replace("msg.set('PID-5.1',", "if (msg.get('MSH-9.2') === 'A01') filter('the lab takes no admissions');\n  msg.set('PID-5.1',");
        fixture.withToken("PUT", "/api/v1/interfaces/" + name + "/draft", operator, ApiFixture.json(Map.of("files",
                Map.of("interfaces/" + name + "/interface.yaml", YAML.formatted(name, 1), "interfaces/" + name + "/transform.js", filtering))));
        JsonNode s = run(replay(name, "draft"));
        assertThat(kind(s, "decision_changed")).as(s.toString()).isEqualTo(6);
        assertThat(kind(s, "same")).as(s.toString()).isEqualTo(10);
        List<JsonNode> rows = rows(s.get("id").asLong(), "?kind=decision_changed&destination=lab&limit=4");
        assertThat(rows).hasSize(4);
        JsonNode row = rows.getFirst();
        assertThat(row.get("recorded").asText()).isEqualTo("sent");
        assertThat(row.get("candidate").asText()).isEqualTo("filtered");
        assertThat(row.get("note").asText()).isEqualTo("sent → filtered (the lab takes no admissions)");
        HttpResponse<String> next = fixture.withToken("GET", "/api/v1/replays/" + s.get("id").asLong() + "/rows?kind=decision_changed&limit=4",
                operator, null);
        String after = ApiFixture.read(next).get("next").asText();
        assertThat(rows(s.get("id").asLong(), "?kind=decision_changed&limit=4&after=" + after)).hasSize(2);

        // make this a test: the row goes into the draft's tests, and the deploy of the draft runs it and passes
        HttpResponse<String> made = fixture.withToken("POST", "/api/v1/replays/" + s.get("id").asLong() + "/tests", operator,
                ApiFixture.json(Map.of("messageId", row.get("messageId").asLong(), "destination", "lab")));
        assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
        JsonNode test = ApiFixture.read(made);
        assertThat(test.get("expects").asText()).isEqualTo("filtered");
        String path = test.get("path").asText();
        assertThat(path).startsWith("interfaces/" + name + "/tests/replay-");
        JsonNode draft = ApiFixture.read(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/draft", operator, null));
        assertThat(draft.at("/files").get(path).asText()).contains("toFilter(\"the lab takes no admissions\")").contains("hl7(\"MSH|");
        HttpResponse<String> deployed = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", operator,
                ApiFixture.json(Map.of("draft", true, "base", 1)));
        assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
        assertThat(ApiFixture.read(deployed).at("/tests/passed").asInt()).isEqualTo(1);
    }

    @Test
    void a_candidate_that_writes_is_not_comparable_and_nothing_is_written_or_sent() throws Exception {
        String name = recorded("writes");
        AtomicInteger posts = new AtomicInteger();
        var server = com.sun.net.httpserver.HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            posts.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            String writing = CODE.replace("msg.set('PID-5.1',", "db('ehr').execute('INSERT INTO seen VALUES ($1)', [msg.get('PID-3')]);\n  msg.set('PID-5.1',")
                    .replace("if (msg.get('MSH-9.2') === 'A08')", "fetch('http://127.0.0.1:" + server.getAddress().getPort()
                            + "/notify', { method: 'POST', body: { id: meta.id } });\n  if (msg.get('MSH-9.2') === 'A08')");
            int messages = fixture.store.browse(new MessageQuery(null, null, null, null, null, 500)).messages().size();
            JsonNode s = run(withCode(name, writing));
            assertThat(kind(s, "not_comparable")).as(s.toString()).isEqualTo(16);
            JsonNode row = rows(s.get("id").asLong(), "?destination=lab&limit=1").getFirst();
            assertThat(row.get("note").asText()).contains("db('ehr').execute").contains("nothing was written");
            JsonNode billing = rows(s.get("id").asLong(), "?destination=billing&limit=1").getFirst();
            assertThat(billing.get("note").asText()).contains("fetch POST http://127.0.0.1:");
            assertThat(posts.get()).as("the mock server saw no request").isZero();
            assertThat(fixture.store.browse(new MessageQuery(null, null, null, null, null, 500)).messages()).hasSize(messages);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void a_runaway_candidate_is_stopped_after_its_first_three_messages_whatever_thread_ran_them() throws Exception {
        String name = recorded("runaway");
        String looping = CODE.replace("msg.set('PID-5.1',", "while (true) {}\n  msg.set('PID-5.1',");
        // a runaway costs its timeout in the replay thread's own CPU time, which a loaded machine gives a replay slowly
        Map<String, Object> body = withCode(name, looping);
        @SuppressWarnings("unchecked") Map<String, String> files = new LinkedHashMap<>((Map<String, String>) body.get("files"));
        files.put("interfaces/" + name + "/interface.yaml", files.get("interfaces/" + name + "/interface.yaml").replace("timeout: 1s", "timeout: 250ms"));
        body.put("files", files);
        JsonNode s = run(body);
        assertThat(s.get("status").asText()).as(s.toString()).isEqualTo("failed");
        assertThat(s.at("/summary/reason").asText()).contains("ran away on 3 messages in a row");
        assertThat(s.at("/summary/threads").asInt()).isEqualTo(3);
        assertThat(kind(s, "error")).isEqualTo(3);
        List<Long> first = fixture.store.browse(new MessageQuery(name, null, null, null, null, 50)).messages().stream()
                .map(m -> m.id()).sorted().limit(3).toList();
        assertThat(rows(s.get("id").asLong(), "?kind=error").stream().map(r -> r.get("messageId").asLong()).distinct().sorted().toList())
                .as("the three messages in id order, though three threads ran the page's slices at once").isEqualTo(first);
        JsonNode row = rows(s.get("id").asLong(), "?kind=error&limit=1").getFirst();
        assertThat(row.get("note").asText()).contains("longer than 250 ms").contains("transform.js:2");
    }

    @Test
    void rows_need_the_payloads_permission_a_candidate_with_problems_is_refused_and_starts_are_audited() throws Exception {
        String name = recorded("perm");
        JsonNode s = run(replay(name, "deployed"));
        String viewer = fixture.token("viewer");
        assertThat(fixture.withToken("GET", "/api/v1/replays/" + s.get("id").asLong(), viewer, null).statusCode()).isEqualTo(200);
        assertThat(fixture.withToken("GET", "/api/v1/replays/" + s.get("id").asLong() + "/rows", viewer, null).statusCode()).isEqualTo(403);
        assertThat(fixture.withToken("POST", "/api/v1/replays", viewer, ApiFixture.json(replay(name, "deployed"))).statusCode()).isEqualTo(403);
        HttpResponse<String> broken = fixture.withToken("POST", "/api/v1/replays", operator, ApiFixture.json(withCode(name, "export function toLab( {")));
        assertThat(broken.statusCode()).as(broken.body()).isEqualTo(422);
        assertThat(ApiFixture.read(broken).get("problems").get(0).get("file").asText()).isEqualTo("interfaces/" + name + "/transform.js");
        assertThat(fixture.withToken("POST", "/api/v1/replays", operator, ApiFixture.json(replay("nothing-" + name, "deployed"))).statusCode())
                .isEqualTo(404);
        var audit = fixture.store.accounts().audit(new io.ductus.store.account.AuditQuery(null, 500, null, null));
        assertThat(audit.entries()).anySatisfy(e -> {
            assertThat(e.entry().action()).isEqualTo("replay.start");
            assertThat(e.entry().target()).isEqualTo("interface:" + name);
            assertThat(e.entry().outcome()).isEqualTo("ok");
        });
    }

    @Test
    void mllp_traffic_is_acknowledged_while_a_large_replay_runs_and_a_cancelled_replay_stops() throws Exception {
        String name = recorded("large");
        // 20,000 more of the interface's messages on record (stored straight, as intake would; their
        // deliveries left pending: the replay still runs every one of them through the candidate)
        fixture.runtime().interfaces().pause(name, "lab");
        fixture.runtime().interfaces().pause(name, "billing");
        String oru = "MSH|^~\\&|ADT|H|LAB|H|20261129||ADT^A01|X|P|2.5\rPID|1||P9||Duck^Don\r";
        for (int b = 0; b < 40; b++) {
            List<io.ductus.store.NewMessage> batch = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                batch.add(new io.ductus.store.NewMessage(System.currentTimeMillis(), oru.getBytes(StandardCharsets.ISO_8859_1), "ISO-8859-1",
                        "P9", 0, null, List.of("lab", "billing"), null));
            }
            fixture.store.store(io.ductus.store.IntakeBatch.of(name, io.ductus.store.Durability.RELAXED, batch), System.currentTimeMillis());
        }
        HttpResponse<String> started = fixture.withToken("POST", "/api/v1/replays", operator, ApiFixture.json(replay(name, "deployed")));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
        long id = ApiFixture.read(started).get("id").asLong();
        int acked = 0;
        int duringReplay = 0;
        for (int i = 0; i < 100; i++) {
            assertThat(fixture.sendHl7("RPL" + id + "-" + i, "Q" + i)).isEqualTo(AckCode.AA);
            acked++;
            JsonNode s = ApiFixture.read(fixture.withToken("GET", "/api/v1/replays/" + id, operator, null));
            if (s.get("status").asText().equals("running")) duringReplay++;
        }
        assertThat(acked).isEqualTo(100);
        assertThat(duringReplay).as("the messages were acknowledged while the replay ran").isGreaterThan(0);
        HttpResponse<String> cancel = fixture.withToken("POST", "/api/v1/replays/" + id + "/cancel", operator, null);
        assertThat(cancel.statusCode()).as(cancel.body()).isIn(200, 202);
        long deadline = System.nanoTime() + 60_000_000_000L;
        JsonNode s;
        do {
            Thread.sleep(20);
            s = ApiFixture.read(fixture.withToken("GET", "/api/v1/replays/" + id, operator, null));
        } while (s.get("status").asText().equals("running") && System.nanoTime() < deadline);
        if (cancel.statusCode() == 202) {
            assertThat(s.get("status").asText()).as(s.toString()).isEqualTo("cancelled");
            assertThat(s.at("/summary/messages").asLong()).isLessThan(s.at("/summary/total").asLong());
            assertThat(s.at("/summary/reason").asText()).startsWith("cancelled after");
        } else {
            assertThat(s.get("status").asText()).as("it had finished before the cancel").isEqualTo("done");
        }
    }
}
