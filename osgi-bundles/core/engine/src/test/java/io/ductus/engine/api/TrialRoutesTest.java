package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Trials on a real engine runtime: a draft run on messages as the workers would run it, nothing sent or
 * stored; decisions, outputs and their differences, console lines and service calls; mocks, live reads,
 * a runaway stopped in time, stored messages behind the payloads permission.
 */
class TrialRoutesTest {

    private static ApiFixture fixture;
    private static String operator;

    static final String ORU = "MSH|^~\\&|LAB|H|EHR|H|20260302||ORU^R01|M1|P|2.5\rPID|1||123^^^H||Doe^John\r"
            + "OBX|1|NM|GLU^Glucose||5.5|mmol/L\rOBX|2|NM|NA^Sodium||140|mmol/L\r";

    static final String YAML = """
            source: internal
            format: hl7
            timeout: 1s
            destinations:
              ehr: { type: file, path: "%1$s/ehr/{id}.hl7", fsync: false, transform: toEhr }
              billing: { type: file, path: "%1$s/billing/{id}.hl7", fsync: false, transform: toBilling }
              archive: { type: file, path: "%1$s/archive/{id}.hl7", fsync: false, transform: toArchive }
            """;

    static final String CODE = """
            export function toEhr(msg, meta) {
              log.info('ehr sees', msg.get('PID-5.1'), meta.destination);
              msg.set('PID-5.2', 'Jane');
              msg.set('OBX[2]-5', String(Number(msg.get('OBX[2]-5')) + 1));
              return msg;
            }
            export function toBilling(msg) {
              if (msg.get('MSH-9.2') === 'R01') filter('billing takes no results');
              return msg;
            }
            export function toArchive(msg) {
              const url = env('ARCHIVE_URL');
              const rows = db('lab').query('SELECT code FROM codes WHERE local = $1', [msg.get('OBX[1]-3.1')]);
              msg.set('OBX[1]-3.1', rows[0].code + '@' + url);
              return msg;
            }
            """;

    @BeforeAll
    static void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        operator = fixture.token("operator");
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static Map<String, String> files(String name, String code) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("interfaces/" + name + "/interface.yaml", YAML.formatted(name));
        files.put("interfaces/" + name + "/transform.js", code);
        return files;
    }

    private static JsonNode trial(String name, String token, Map<String, Object> body) throws Exception {
        HttpResponse<String> r = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/trial", token, ApiFixture.json(body));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    private static JsonNode destination(JsonNode trial, String name) {
        for (JsonNode d : trial.at("/messages/0/destinations")) if (d.get("destination").asText().equals(name)) return d;
        throw new AssertionError("no destination " + name + " in " + trial);
    }

    static final Map<String, Object> MOCKS = Map.of("env", Map.of("ARCHIVE_URL", "https://archive.example"),
            "db", List.of(Map.of("database", "lab", "sql", "select code from codes", "rows", List.of(Map.of("code", "2345-7")))));

    @Test
    void a_draft_runs_on_a_message_with_decisions_outputs_differences_logs_and_service_calls() throws Exception {
        String name = ApiFixture.unique("oru");
        fixture.withToken("PUT", "/api/v1/interfaces/" + name + "/draft", operator,
                ApiFixture.json(Map.of("files", files(name, CODE))));
        JsonNode t = trial(name, operator, Map.of("messages", List.of(Map.of("payload", ORU)), "mocks", MOCKS));
        assertThat(t.get("code").asText()).isEqualTo("draft");
        assertThat(t.get("problems")).isEmpty();
        JsonNode ehr = destination(t, "ehr");
        assertThat(ehr.get("decision").asText()).isEqualTo("sent");
        assertThat(ehr.get("comparedBy").asText()).isEqualTo("hl7");
        assertThat(ehr.get("differences")).extracting(d -> d.get("path").asText() + "=" + d.get("before").asText() + ">" + d.get("after").asText())
                .containsExactly("PID-5.2=John>Jane", "OBX[2]-5=140>141");
        assertThat(ehr.get("log")).extracting(JsonNode::asText).containsExactly("ehr sees Doe ehr");
        JsonNode billing = destination(t, "billing");
        assertThat(billing.get("decision").asText()).isEqualTo("filtered");
        assertThat(billing.get("reason").asText()).isEqualTo("billing takes no results");
        JsonNode archive = destination(t, "archive");
        assertThat(archive.get("decision").asText()).as(archive.toString()).isEqualTo("sent");
        assertThat(archive.get("output").asText()).contains("OBX|1|NM|2345-7@https://archive.example^Glucose");
        // each destination gets the message as received (read once, a copy each): none of ehr's changes here
        assertThat(archive.get("differences")).extracting(d -> d.get("path").asText()).containsExactly("OBX[1]-3.1");
        assertThat(archive.get("serviceCalls")).extracting(c -> c.get("service").asText() + " " + c.get("outcome").asText())
                .containsExactly("env mocked", "db.query mocked: 1 row(s)");
        // nothing was stored
        assertThat(fixture.store.browse(new io.ductus.store.MessageQuery(name, null, null, null, null, 10)).messages()).isEmpty();

        JsonNode again = trial(name, operator, Map.of("messages", List.of(Map.of("payload", ORU)), "mocks", MOCKS));
        assertThat(again.get("cached").asBoolean()).as("the same content is not checked and loaded again").isTrue();
    }

    @Test
    void a_call_nobody_mocked_fails_saying_how_to_mock_it() throws Exception {
        String name = ApiFixture.unique("unmocked");
        JsonNode t = trial(name, operator, Map.of("code", "files", "files", files(name, CODE), "messages", List.of(Map.of("payload", ORU))));
        JsonNode archive = destination(t, "archive");
        assertThat(archive.get("decision").asText()).isEqualTo("quarantined");
        assertThat(archive.get("reason").asText()).contains("env('ARCHIVE_URL') is not mocked").contains("mocks.env");
    }

    @Test
    void compared_with_the_deployed_revision_it_shows_what_the_change_changes() throws Exception {
        String name = ApiFixture.unique("cmp");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("base", null);
        body.put("files", files(name, CODE));
        assertThat(fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", operator, ApiFixture.json(body)).statusCode())
                .isEqualTo(200);
        String changed = CODE.replace("'Jane'", "'Janet'").replace("if (msg.get('MSH-9.2') === 'R01') filter('billing takes no results');", "");
        JsonNode t = trial(name, operator, Map.of("code", "files", "files", files(name, changed), "compare", "deployed",
                "messages", List.of(Map.of("payload", ORU)), "mocks", MOCKS));
        assertThat(t.get("comparedWithRevision").asInt()).isEqualTo(1);
        JsonNode ehr = destination(t, "ehr");
        assertThat(ehr.get("comparedWith").asText()).isEqualTo("deployed");
        assertThat(ehr.get("differences")).extracting(d -> d.get("path").asText() + "=" + d.get("after").asText())
                .containsExactly("PID-5.2=Janet");
        JsonNode billing = destination(t, "billing");
        assertThat(billing.get("decisionChanged").asBoolean()).isTrue();
        assertThat(billing.at("/deployed/decision").asText()).isEqualTo("filtered");
        assertThat(billing.get("decision").asText()).isEqualTo("sent");
    }

    @Test
    void a_runaway_draft_is_stopped_within_its_timeout_and_said_so() throws Exception {
        String name = ApiFixture.unique("loop");
        String code = CODE.replace("return msg;\n}\nexport function toBilling", "while (true) {}\n}\nexport function toBilling");
        long started = System.nanoTime();
        JsonNode t = trial(name, operator, Map.of("code", "files", "files", files(name, code), "messages", List.of(Map.of("payload", ORU)),
                "destinations", List.of("ehr")));
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        JsonNode ehr = destination(t, "ehr");
        assertThat(ehr.get("decision").asText()).isEqualTo("quarantined");
        assertThat(ehr.get("runaway").asBoolean()).isTrue();
        assertThat(ehr.get("reason").asText()).contains("longer than 1000 ms");
        assertThat(tookMs).as("stopped within its timeout (1 s), not the engine's load limit").isLessThan(30_000);
        assertThat(t.at("/messages/0/destinations")).hasSize(1);
        // the same content runs again at once: the cancelled context was replaced
        JsonNode again = trial(name, operator, Map.of("code", "files", "files", files(name, code), "messages", List.of(Map.of("payload", ORU)),
                "destinations", List.of("billing")));
        assertThat(destination(again, "billing").get("decision").asText()).isEqualTo("filtered");
    }

    @Test
    void broken_code_answers_with_its_problems_and_runs_nothing() throws Exception {
        String name = ApiFixture.unique("typing");
        JsonNode t = trial(name, operator, Map.of("code", "files", "files", files(name, "export function toEhr(msg) {\n  return msg.\n"),
                "messages", List.of(Map.of("payload", ORU))));
        assertThat(t.get("messages")).isEmpty();
        assertThat(t.at("/problems/0/text").asText()).startsWith("interfaces/" + name + "/transform.js:");
    }

    @Test
    void stored_messages_need_the_payloads_permission_and_their_read_is_logged() throws Exception {
        String name = ApiFixture.unique("stored");
        long id = fixture.quarantinedMessage();
        Map<String, Object> body = Map.of("code", "files", "files", files(name, CODE), "messageIds", List.of(id), "destinations", List.of("billing"));
        HttpResponse<String> refused = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/trial", operator, ApiFixture.json(body));
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(ApiFixture.read(refused).get("detail").asText()).contains("payloads permission");
        JsonNode t = trial(name, fixture.token("operator", "payloads"), body);
        assertThat(t.at("/messages/0/id").asLong()).isEqualTo(id);
        assertThat(fixture.accounts.audit(new io.ductus.store.account.AuditQuery(null, 500, null, null)).entries())
                .anySatisfy(e -> {
                    assertThat(e.entry().action()).isEqualTo(MessageRoutes.PAYLOAD_READ);
                    assertThat(e.entry().target()).isEqualTo("message:" + id);
                });
    }

    @Test
    void live_reads_are_audited_and_writes_are_refused() throws Exception {
        String name = ApiFixture.unique("live");
        String code = CODE.replace("const url = env('ARCHIVE_URL');", "const url = 'x';")
                .replace("const rows = db('lab').query('SELECT code FROM codes WHERE local = $1', [msg.get('OBX[1]-3.1')]);",
                        "db('lab').execute('DELETE FROM codes'); const rows = [];");
        JsonNode t = trial(name, operator, Map.of("code", "files", "files", files(name, code), "live", true,
                "messages", List.of(Map.of("payload", ORU)), "destinations", List.of("archive")));
        assertThat(t.get("services").asText()).isEqualTo("live reads");
        JsonNode archive = destination(t, "archive");
        assertThat(archive.get("decision").asText()).isEqualTo("quarantined");
        assertThat(archive.get("reason").asText()).contains("db('lab').execute is refused here");
        assertThat(archive.at("/serviceCalls/0/service").asText()).isEqualTo("db.execute");
        assertThat(fixture.accounts.audit(new io.ductus.store.account.AuditQuery(null, 500, null, null)).entries())
                .anySatisfy(e -> {
                    assertThat(e.entry().action()).isEqualTo("interface.trial.live");
                    assertThat(e.entry().target()).isEqualTo("interface:" + name);
                });
    }
}
