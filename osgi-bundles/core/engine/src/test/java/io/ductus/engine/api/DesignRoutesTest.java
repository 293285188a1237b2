package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Designing through the API on a real engine runtime over a real SQLite file and real HTTP: deploys from
 * a base (and the 409 when the base is stale), refusals that change nothing and name file and line,
 * drafts, history, diff, rollback, removal, the lanes guard, the served schema.
 */
class DesignRoutesTest {

    private static ApiFixture fixture;
    private static String operator;

    @BeforeAll
    static void start() throws Exception {
        fixture = ApiFixture.withInterfaces();
        operator = fixture.token("operator");
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    static final String CODE_A = "export const transform = (m) => m + ' A';\n";
    static final String CODE_B = "export const transform = (m) => m + ' B';\n";

    private static HttpResponse<String> deploy(String name, Integer base, Map<String, String> files) throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("base", base);
        body.put("files", files);
        body.put("message", "test");
        return fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", operator, ApiFixture.json(body));
    }

    private static JsonNode ok(HttpResponse<String> r) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    private static Path folder(String name) {
        return fixture.project().resolve("interfaces").resolve(name);
    }

    @Test
    void a_deploy_writes_the_files_records_the_revision_and_runs_it() throws Exception {
        String name = ApiFixture.unique("dep");
        JsonNode first = ok(deploy(name, null, ApiFixture.internalInterface(name, CODE_A)));
        assertThat(first.at("/revision/revision").asInt()).isEqualTo(1);
        assertThat(first.at("/revision/status").asText()).isEqualTo("deployed");
        assertThat(first.at("/swap/running").asBoolean()).isTrue();
        assertThat(folder(name).resolve("transform.js")).hasContent(CODE_A.strip());

        JsonNode second = ok(deploy(name, 1, ApiFixture.internalInterface(name, CODE_B)));
        assertThat(second.at("/revision/revision").asInt()).isEqualTo(2);
        assertThat(second.at("/swap/live").asBoolean()).as("the running interface was swapped in place").isTrue();
        assertThat(folder(name).resolve("transform.js")).hasContent(CODE_B.strip());
        JsonNode state = ok(fixture.withToken("GET", "/api/v1/interfaces/" + name, operator, null));
        assertThat(state.get("revision").asInt()).isEqualTo(2);
        assertThat(state.get("state").asText()).isEqualTo("running");

        JsonNode same = ok(deploy(name, 2, ApiFixture.internalInterface(name, CODE_B)));
        assertThat(same.get("changed").asBoolean()).as("the same files again change nothing").isFalse();
        assertThat(same.at("/revision/revision").asInt()).isEqualTo(2);
    }

    @Test
    void a_deploy_from_a_base_that_is_no_longer_current_is_refused_naming_who_deployed_in_between() throws Exception {
        String name = ApiFixture.unique("race");
        ok(deploy(name, null, ApiFixture.internalInterface(name, CODE_A)));
        ok(deploy(name, 1, ApiFixture.internalInterface(name, CODE_B)));
        HttpResponse<String> late = deploy(name, 1, ApiFixture.internalInterface(name, "export const transform = (m) => m + ' C';\n"));
        assertThat(late.statusCode()).isEqualTo(409);
        JsonNode problem = ApiFixture.read(late);
        assertThat(problem.get("detail").asText()).contains("revision 1").contains("its current revision is 2").contains("token:");
        assertThat(problem.at("/current/revision").asInt()).isEqualTo(2);
        assertThat(folder(name).resolve("transform.js")).hasContent(CODE_B.strip());
    }

    static Stream<Map.Entry<String, String>> broken() {
        return Stream.of(
                Map.entry("interface.yaml", "source: internal\nformat: text\ndestinatons:\n  out: { type: file, path: \"x/{id}\" }\n"),
                Map.entry("transform.js", "export const transform = (m) => {\n  return m +;\n};\n"),
                Map.entry("tests/a.test.js", "import { transform } from '../transform.js';\n\ntest('adds A', () => {\n  expect(transform('x')).toBe('x B');\n});\n"),
                Map.entry("interface.yaml@", "source: internal\nformat: text\ndestinations:\n  out:\n    type: file\n    path: \"x/{id}\"\n    transform: toLab\n"));
    }

    @Test
    void broken_files_are_refused_with_file_and_line_and_nothing_changes() throws Exception {
        String name = ApiFixture.unique("broken");
        ok(deploy(name, null, ApiFixture.internalInterface(name, CODE_A)));
        String before = Files.readString(folder(name).resolve("transform.js"));
        Map<String, String> expected = Map.of(
                "interface.yaml", "interfaces/" + name + "/interface.yaml:3:1",
                "transform.js", "interfaces/" + name + "/transform.js:2",
                "tests/a.test.js", "interfaces/" + name + "/tests/a.test.js:4",
                "interface.yaml@", "interfaces/" + name + "/interface.yaml:7");
        for (Map.Entry<String, String> broken : broken().toList()) {
            Map<String, String> files = new LinkedHashMap<>(ApiFixture.internalInterface(name, CODE_A));
            files.put("interfaces/" + name + "/" + broken.getKey().replace("@", ""), broken.getValue());
            HttpResponse<String> r = deploy(name, 1, files);
            assertThat(r.statusCode()).as("%s: %s", broken.getKey(), r.body()).isEqualTo(422);
            JsonNode problems = ApiFixture.read(r).get("problems");
            assertThat(problems).as(r.body()).isNotEmpty();
            assertThat(problems.get(0).get("text").asText()).as(broken.getKey()).startsWith(expected.get(broken.getKey()));
        }
        assertThat(Files.readString(folder(name).resolve("transform.js"))).isEqualTo(before);
        assertThat(Files.exists(folder(name).resolve("tests"))).isFalse();
        JsonNode revisions = ok(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/revisions", operator, null));
        assertThat(revisions.get("revisions")).hasSize(1);
        assertThat(revisions.get("running").asInt()).isEqualTo(1);
        var audit = fixture.accounts.audit(new io.ductus.store.account.AuditQuery(null, 500, null, null)).entries();
        assertThat(audit.stream().filter(e -> e.entry().target() != null && e.entry().target().equals("interface:" + name)
                && e.entry().outcome().equals("refused")).count()).as("each refusal is on record").isEqualTo(4);
    }

    @Test
    void a_missing_exported_function_names_the_destination() throws Exception {
        String name = ApiFixture.unique("noexport");
        Map<String, String> files = ApiFixture.internalInterface(name, "export const other = (m) => m;\n");
        // a destination without transform: would pass the payload on unchanged; one that names a function needs it
        files.put("interfaces/" + name + "/interface.yaml", files.get("interfaces/" + name + "/interface.yaml")
                .replace("fsync: false }", "fsync: false, transform: transform }"));
        HttpResponse<String> r = deploy(name, null, files);
        assertThat(r.statusCode()).isEqualTo(422);
        JsonNode p = ApiFixture.read(r).get("problems").get(0);
        assertThat(p.get("field").asText()).isEqualTo("destinations.out.transform");
        assertThat(p.get("message").asText()).contains("no function 'transform'").contains("other");
        assertThat(Files.exists(folder(name))).isFalse();
    }

    @Test
    void drafts_are_kept_per_user_and_say_when_their_base_is_no_longer_current() throws Exception {
        String name = ApiFixture.unique("draft");
        ok(deploy(name, null, ApiFixture.internalInterface(name, CODE_A)));
        Map<String, Object> body = Map.of("base", 1, "files", ApiFixture.internalInterface(name, CODE_B));
        JsonNode saved = ok(fixture.withToken("PUT", "/api/v1/interfaces/" + name + "/draft", operator, ApiFixture.json(body)));
        assertThat(saved.get("baseIsCurrent").asBoolean()).isTrue();
        String other = fixture.token("operator");
        assertThat(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/draft", other, null).statusCode()).isEqualTo(404);

        ok(deploy(name, 1, ApiFixture.internalInterface(name, "export const transform = (m) => m + ' C';\n")));
        JsonNode drafts = ok(fixture.withToken("GET", "/api/v1/drafts", operator, null));
        JsonNode mine = drafts.get("drafts").get(0);
        assertThat(mine.get("interface").asText()).isEqualTo(name);
        assertThat(mine.get("base").asInt()).isEqualTo(1);
        assertThat(mine.get("current").asInt()).isEqualTo(2);
        assertThat(mine.get("baseIsCurrent").asBoolean()).isFalse();

        // its diff against what runs, then a deploy of it: refused while its base is stale, fine from the current one
        JsonNode diff = ok(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/diff?from=running&to=draft", operator, null));
        assertThat(diff.get("patch").asText()).contains("-export const transform = (m) => m + ' C';")
                .contains("+export const transform = (m) => m + ' B';");
        assertThat(fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", operator, ApiFixture.json(Map.of("draft", true)))
                .statusCode()).isEqualTo(409);
        JsonNode done = ok(fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", operator,
                ApiFixture.json(Map.of("draft", true, "base", 2))));
        assertThat(done.at("/revision/revision").asInt()).isEqualTo(3);
        assertThat(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/draft", operator, null).statusCode())
                .as("a deployed draft is done").isEqualTo(404);
    }

    @Test
    void history_diff_and_rollback() throws Exception {
        String name = ApiFixture.unique("hist");
        ok(deploy(name, null, ApiFixture.internalInterface(name, CODE_A)));
        ok(deploy(name, 1, ApiFixture.internalInterface(name, CODE_B)));
        JsonNode diff = ok(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/diff?from=1&to=2", operator, null));
        assertThat(diff.get("files")).hasSize(1);
        assertThat(diff.at("/files/0/diff").asText()).isEqualTo("""
                --- a/interfaces/%1$s/transform.js
                +++ b/interfaces/%1$s/transform.js
                @@ -1 +1 @@
                -export const transform = (m) => m + ' A';
                +export const transform = (m) => m + ' B';
                """.formatted(name));
        JsonNode one = ok(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/revisions/1", operator, null));
        assertThat(one.at("/files/interfaces~1" + name + "~1transform.js").asText()).isEqualTo(CODE_A);

        JsonNode back = ok(fixture.withToken("POST", "/api/v1/interfaces/" + name + "/rollback", operator,
                ApiFixture.json(Map.of("revision", 1, "base", 2))));
        assertThat(back.at("/revision/revision").asInt()).isEqualTo(3);
        assertThat(back.at("/revision/origin").asText()).isEqualTo("rollback");
        assertThat(back.at("/revision/message").asText()).startsWith("rollback to revision 1");
        assertThat(folder(name).resolve("transform.js")).hasContent(CODE_A.strip());
        JsonNode list = ok(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/revisions?limit=2", operator, null));
        assertThat(list.get("revisions")).extracting(r -> r.get("revision").asInt()).containsExactly(3, 2);
        assertThat(list.get("next").asInt()).isEqualTo(2);
        assertThat(fixture.withToken("GET", "/api/v1/interfaces/" + name + "/revisions", fixture.token("viewer"), null).statusCode())
                .as("viewers read the history").isEqualTo(200);
    }

    @Test
    void a_removal_with_pending_messages_is_refused_unless_they_are_to_be_filtered() throws Exception {
        String name = ApiFixture.unique("rm");
        ok(deploy(name, null, ApiFixture.internalInterface(name, CODE_A)));
        fixture.runtime().interfaces().pause(name, "out");
        fixture.store.store(io.ductus.store.IntakeBatch.of(name, io.ductus.store.Durability.STRICT, List.of(new io.ductus.store.NewMessage(
                0, "x".getBytes(StandardCharsets.UTF_8), "UTF-8", null, 0, null, List.of("out"), null))), 1L);
        HttpResponse<String> refused = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/remove", operator,
                ApiFixture.json(Map.of("base", 1)));
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(ApiFixture.read(refused).get("detail").asText()).contains("1 deliveries of " + name + " are pending");
        assertThat(Files.exists(folder(name))).isTrue();

        JsonNode removed = ok(fixture.withToken("POST", "/api/v1/interfaces/" + name + "/remove", operator,
                ApiFixture.json(Map.of("base", 1, "filterPending", true, "reason", "replaced by lab-v2"))));
        assertThat(removed.at("/revision/status").asText()).isEqualTo("removed");
        assertThat(removed.at("/revision/reason").asText()).contains("1 pending deliveries filtered").contains("replaced by lab-v2");
        assertThat(Files.exists(folder(name))).isFalse();
        assertThat(fixture.withToken("GET", "/api/v1/interfaces/" + name, operator, null).statusCode()).isEqualTo(404);
    }

    @Test
    void lowering_the_lanes_with_messages_waiting_in_a_dropped_lane_is_refused() throws Exception {
        String name = ApiFixture.unique("lanes");
        String yaml = """
                source: internal
                format: hl7
                ordering: { key: PID-3.1, partitions: %d }
                destinations:
                  out: { type: file, path: "%s/{id}.txt", fsync: false }
                """;
        ok(deploy(name, null, Map.of("interfaces/" + name + "/interface.yaml", yaml.formatted(8, name))));
        fixture.runtime().interfaces().pause(name, "out");
        fixture.store.store(io.ductus.store.IntakeBatch.of(name, io.ductus.store.Durability.STRICT, List.of(new io.ductus.store.NewMessage(
                0, "MSH|^~\\&|A|B|C|D|1||ADT^A01|1|P|2.5\r".getBytes(StandardCharsets.UTF_8), "UTF-8", "k", 6, null,
                List.of("out"), null))), 1L);
        HttpResponse<String> r = deploy(name, 1, Map.of("interfaces/" + name + "/interface.yaml", yaml.formatted(4, name)));
        assertThat(r.statusCode()).isEqualTo(409);
        assertThat(ApiFixture.read(r).get("detail").asText()).contains("ordering.partitions goes from 8 to 4").contains("1 deliveries");
        ok(deploy(name, 1, Map.of("interfaces/" + name + "/interface.yaml", yaml.formatted(16, name)))); // raising is fine
    }

    @Test
    void the_json_schema_of_interface_yaml_names_the_installed_connector_types() throws Exception {
        HttpResponse<String> r = fixture.withToken("GET", "/api/v1/schema/interface.schema.json", fixture.token("viewer"), null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/schema+json");
        assertThat(ApiFixture.read(r).get("$schema").asText()).contains("2020-12");
        assertThat(fixture.withToken("GET", "/api/v1/schema/nope.json", operator, null).statusCode()).isEqualTo(404);
    }
}
