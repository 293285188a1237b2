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
 * An interface's tests run without a deploy, on a real engine runtime: on the caller's draft or on files
 * sent, each test's result with its failure's line, expected and actual; broken code answers with its
 * problems; a sample recorded as a test pins what the code does now, and passes when added to the files.
 */
class TestRoutesTest {

    private static ApiFixture fixture;
    private static String operator;

    static final String TESTS = """
            import { toEhr, toBilling } from '../transform.js';

            const oru = hl7("MSH|^~\\\\&|LAB|H|EHR|H|20260302||ORU^R01|M1|P|2.5\\rPID|1||123^^^H||Doe^John\\rOBX|1|NM|GLU||5.5\\rOBX|2|NM|NA||140\\r");

            test('the given name becomes Jane', () => {
              expect(run(toEhr, oru).output.get('PID-5.2')).toBe('Jane');
            });

            test('the family name is kept', () => {
              expect(run(toEhr, oru).output.get('PID-5.1')).toBe('Smith');
            });

            test('billing takes no results', () => {
              expect(() => toBilling(oru)).toFilter('billing takes no results');
            });
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

    private static Map<String, String> files(String name, String code, String tests) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("interfaces/" + name + "/interface.yaml", TrialRoutesTest.YAML.formatted(name));
        files.put("interfaces/" + name + "/transform.js", code);
        if (tests != null) files.put("interfaces/" + name + "/tests/ehr.test.js", tests);
        return files;
    }

    private static JsonNode post(String path, Map<String, Object> body) throws Exception {
        HttpResponse<String> r = fixture.withToken("POST", path, operator, ApiFixture.json(body));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return ApiFixture.read(r);
    }

    @Test
    void the_drafts_tests_run_without_a_deploy_each_with_its_result_and_a_failure_at_its_line() throws Exception {
        String name = ApiFixture.unique("tested");
        assertThat(fixture.withToken("PUT", "/api/v1/interfaces/" + name + "/draft", operator,
                ApiFixture.json(Map.of("files", files(name, TrialRoutesTest.CODE, TESTS)))).statusCode()).isEqualTo(200);

        JsonNode run = post("/api/v1/interfaces/" + name + "/tests", Map.of());
        assertThat(run.get("code").asText()).isEqualTo("draft");
        assertThat(run.get("ran").asBoolean()).isTrue();
        assertThat(run.get("problems")).isEmpty();
        assertThat(run.get("passed").asInt()).as(run.toString()).isEqualTo(2);
        assertThat(run.get("failed").asInt()).isEqualTo(1);
        JsonNode file = run.at("/files/0");
        assertThat(file.get("path").asText()).isEqualTo("interfaces/" + name + "/tests/ehr.test.js");
        assertThat(file.get("tests")).extracting(t -> t.get("name").asText() + "=" + t.get("passed").asBoolean())
                .containsExactly("the given name becomes Jane=true", "the family name is kept=false", "billing takes no results=true");
        JsonNode failure = file.at("/tests/1/failure");
        assertThat(failure.get("line").asInt()).as(failure.toString()).isEqualTo(10);
        assertThat(failure.get("expected").asText()).isEqualTo("\"Smith\"");
        assertThat(failure.get("actual").asText()).isEqualTo("\"Doe\"");
        assertThat(failure.get("text").asText()).startsWith("interfaces/" + name + "/tests/ehr.test.js:10:1: test 'the family name is kept' failed: ");
        assertThat(file.at("/tests/0/output")).extracting(JsonNode::asText).containsExactly("ehr sees Doe test");
        // nothing was deployed
        HttpResponse<String> revisions = fixture.withToken("GET", "/api/v1/interfaces/" + name + "/revisions", operator, null);
        if (revisions.statusCode() == 200) assertThat(ApiFixture.read(revisions).get("revisions")).isEmpty();
        else assertThat(revisions.statusCode()).isEqualTo(404);
    }

    @Test
    void files_sent_are_tested_and_broken_code_answers_with_its_problems_and_runs_no_test() throws Exception {
        String name = ApiFixture.unique("broken");
        String mended = TrialRoutesTest.CODE.replace("msg.set('PID-5.2', 'Jane');", "msg.set('PID-5.2', 'Jane'); msg.set('PID-5.1', 'Smith');");
        JsonNode ok = post("/api/v1/interfaces/" + name + "/tests", Map.of("code", "files", "files", files(name, mended, TESTS)));
        assertThat(ok.get("code").asText()).isEqualTo("files");
        assertThat(ok.get("passed").asInt()).as(ok.toString()).isEqualTo(3);
        assertThat(ok.get("failed").asInt()).isZero();

        JsonNode broken = post("/api/v1/interfaces/" + name + "/tests", Map.of("code", "files",
                "files", files(name, "export function toEhr(msg) {\n  return msg.\n", TESTS)));
        assertThat(broken.get("ran").asBoolean()).isFalse();
        assertThat(broken.get("files")).isEmpty();
        assertThat(broken.at("/problems/0/text").asText()).startsWith("interfaces/" + name + "/transform.js:");

        String notLoading = TESTS.replace("import { toEhr, toBilling }", "import { toEhr, toBilling, nothingLikeThis }");
        JsonNode load = post("/api/v1/interfaces/" + name + "/tests", Map.of("code", "files", "files", files(name, mended, notLoading)));
        assertThat(load.get("failed").asInt()).isEqualTo(1);
        assertThat(load.at("/files/0/loadFailure/text").asText()).contains("the test file does not load");
    }

    @Test
    void a_sample_recorded_as_a_test_pins_the_current_output_and_passes_until_the_code_changes() throws Exception {
        String name = ApiFixture.unique("recorded");
        Map<String, String> files = files(name, TrialRoutesTest.CODE, null);
        JsonNode made = post("/api/v1/interfaces/" + name + "/tests/record", Map.of("code", "files", "files", files,
                "destination", "ehr", "messages", List.of(Map.of("payload", TrialRoutesTest.ORU))));
        assertThat(made.get("path").asText()).isEqualTo("interfaces/" + name + "/tests/message-1-to-ehr.test.js");
        assertThat(made.get("expects").asText()).isEqualTo("sent");
        String text = made.get("text").asText();
        assertThat(text).contains("import { toEhr } from '../transform.js';").contains("Jane").contains("141");

        Map<String, String> withTest = new LinkedHashMap<>(files);
        withTest.put(made.get("path").asText(), text);
        JsonNode run = post("/api/v1/interfaces/" + name + "/tests", Map.of("code", "files", "files", withTest));
        assertThat(run.get("passed").asInt()).as(run.toString()).isEqualTo(1);
        assertThat(run.get("failed").asInt()).isZero();

        // the code changes: the recorded test says what differs
        withTest.put("interfaces/" + name + "/transform.js", TrialRoutesTest.CODE.replace("'Jane'", "'Janet'"));
        JsonNode changed = post("/api/v1/interfaces/" + name + "/tests", Map.of("code", "files", "files", withTest));
        assertThat(changed.get("failed").asInt()).isEqualTo(1);
        JsonNode failure = changed.at("/files/0/tests/0/failure");
        assertThat(failure.get("expected").asText()).contains("Jane");
        assertThat(failure.get("actual").asText()).contains("Janet");

        // a second recording of the same sample gets a path of its own; a filter is pinned as a filter
        JsonNode second = post("/api/v1/interfaces/" + name + "/tests/record", Map.of("code", "files", "files", withTest,
                "destination", "ehr", "messages", List.of(Map.of("payload", TrialRoutesTest.ORU))));
        assertThat(second.get("path").asText()).isEqualTo("interfaces/" + name + "/tests/message-1-to-ehr-2.test.js");
        JsonNode filtered = post("/api/v1/interfaces/" + name + "/tests/record", Map.of("code", "files", "files", files,
                "destination", "billing", "name", "billing filters results", "messages", List.of(Map.of("payload", TrialRoutesTest.ORU))));
        assertThat(filtered.get("expects").asText()).isEqualTo("filtered");
        assertThat(filtered.get("path").asText()).endsWith("/tests/billing-filters-results.test.js");
        assertThat(filtered.get("text").asText()).contains("toFilter(\"billing takes no results\")");
    }

    @Test
    void recording_names_what_is_missing() throws Exception {
        String name = ApiFixture.unique("norecord");
        Map<String, Object> body = new LinkedHashMap<>(Map.of("code", "files", "files", files(name, TrialRoutesTest.CODE, null),
                "messages", List.of(Map.of("payload", TrialRoutesTest.ORU))));
        HttpResponse<String> noDestination = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/tests/record", operator, ApiFixture.json(body));
        assertThat(noDestination.statusCode()).isEqualTo(400);
        assertThat(ApiFixture.read(noDestination).get("detail").asText()).contains("destination");
        body.put("destination", "nowhere");
        HttpResponse<String> unknown = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/tests/record", operator, ApiFixture.json(body));
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(ApiFixture.read(unknown).get("detail").asText()).contains("has no destination nowhere");
    }

    @Test
    void a_check_names_each_problem_of_the_files_by_file_line_and_field_as_ductus_validate_does() throws Exception {
        String name = ApiFixture.unique("checked");
        Map<String, String> files = files(name, TrialRoutesTest.CODE, null);
        JsonNode clean = post("/api/v1/interfaces/" + name + "/check", Map.of("code", "files", "files", files));
        assertThat(clean.get("problems")).as(clean.toString()).isEmpty();
        files.put("interfaces/" + name + "/interface.yaml", TrialRoutesTest.YAML.formatted(name).replace("timeout: 1s", "timeout: soon")
                .replace("fsync: false, transform: toBilling", "fsync: maybe, transform: toBilling"));
        JsonNode bad = post("/api/v1/interfaces/" + name + "/check", Map.of("code", "files", "files", files));
        assertThat(bad.get("problems")).extracting(p -> p.get("field").asText()).contains("timeout", "destinations.billing.fsync");
        JsonNode timeout = null;
        for (JsonNode p : bad.get("problems")) if (p.get("field").asText().equals("timeout")) timeout = p;
        assertThat(timeout.get("line").asInt()).isEqualTo(3);
        assertThat(timeout.get("text").asText()).startsWith("interfaces/" + name + "/interface.yaml:3:").contains(": timeout: ");
    }
}
