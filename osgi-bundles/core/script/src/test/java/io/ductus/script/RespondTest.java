package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.Format;
import io.ductus.sdk.Responder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Respond mode as integrators write it: the request as msg, {status, headers, body} back. */
class RespondTest {

    private static final Map<String, Object> META = Map.of("interface", "lookup", "receivedAt", "2026-11-29T12:00:00Z",
            "origin", "remote=127.0.0.1:5000");
    private static ScriptHost host;

    @TempDir
    Path project;

    @BeforeAll
    static void startHost() {
        host = ScriptHost.start();
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    private Respond.Result run(String code, Responder.Request request, Format format) throws IOException {
        Path file = project.resolve("interfaces/lookup/transform.js");
        Files.createDirectories(file.getParent());
        Files.writeString(file, code);
        try (ScriptContext context = host.load(file, Set.of(file.getParent()), Duration.ofSeconds(5)).newContext()) {
            return Respond.run(context, "transform", request, format, StandardCharsets.UTF_8, META);
        }
    }

    private static Responder.Request request(String method, String path, Map<String, List<String>> query, String contentType,
                                             byte[] body) {
        return new Responder.Request(method, path, query, contentType == null ? Map.of() : Map.of("content-type", contentType),
                body, null, Map.of("remote", "127.0.0.1:5000"));
    }

    private static Responder.Response answer(Respond.Result result) {
        assertThat(result).isInstanceOf(Respond.Answer.class);
        return ((Respond.Answer) result).response();
    }

    @Test
    void the_code_sees_method_path_query_and_headers_and_its_object_body_goes_back_as_json() throws IOException {
        Responder.Response response = answer(run("""
                export function transform(req, meta) {
                  return { status: 200, headers: { 'X-Interface': meta.interface },
                           body: { seen: req.method + ' ' + req.path, mrn: req.query.mrn, type: req.headers['content-type'] ?? null } };
                }
                """, request("GET", "/patients", Map.of("mrn", List.of("42", "43")), null, new byte[0]), Format.JSON));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers()).containsEntry("x-interface", "lookup").containsEntry("content-type", "application/json");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"seen\":\"GET /patients\",\"mrn\":\"42\",\"type\":null}");
    }

    @Test
    void a_json_body_is_parsed_as_the_interfaces_format_and_a_string_body_is_sent_as_text() throws IOException {
        Responder.Response response = answer(run("""
                export function transform(req) {
                  return { status: 201, body: 'created ' + req.body.patient.id };
                }
                """, request("POST", "/", Map.of(), "application/json",
                "{\"patient\":{\"id\":\"P7\"}}".getBytes(StandardCharsets.UTF_8)), Format.JSON));

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.headers()).containsEntry("content-type", "text/plain; charset=UTF-8");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("created P7");
    }

    @Test
    void an_hl7_body_can_be_changed_and_sent_back() throws IOException {
        String adt = "MSH|^~\\&|A|B|C|D|2026||ADT^A01|C1|P|2.5\rPID|1||42||DOE^JANE\r";
        Responder.Response response = answer(run("""
                export function transform(req) {
                  req.body.set('PID-5.1', 'ROE');
                  return { status: 200, body: req.body };
                }
                """, request("POST", "/", Map.of(), "application/hl7-v2", adt.getBytes(StandardCharsets.UTF_8)), Format.HL7));

        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(adt.replace("DOE", "ROE"));
        assertThat(response.headers().get("content-type")).startsWith("application/hl7-v2");
    }

    @Test
    void status_defaults_to_200_and_a_missing_body_is_empty() throws IOException {
        Responder.Response response = answer(run("export const transform = () => ({ headers: { 'x-ok': 1 } });",
                request("GET", "/", Map.of(), null, new byte[0]), Format.TEXT));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
        assertThat(response.headers()).containsEntry("x-ok", "1").doesNotContainKey("content-type");
    }

    @Test
    void returning_anything_but_an_envelope_is_the_codes_error() throws IOException {
        Respond.Result result = run("export const transform = () => 'hello';", request("GET", "/", Map.of(), null, new byte[0]),
                Format.TEXT);

        assertThat(result).isInstanceOfSatisfying(Respond.Decided.class, d -> assertThat(d.decision())
                .isInstanceOfSatisfying(TransformResult.Quarantined.class, q -> assertThat(q.reason())
                        .contains("returns {status, headers, body}; got a string")));
    }

    @Test
    void a_status_out_of_range_is_the_codes_error() throws IOException {
        Respond.Result result = run("export const transform = () => ({ status: 99 });", request("GET", "/", Map.of(), null, new byte[0]),
                Format.TEXT);

        assertThat(result).isInstanceOfSatisfying(Respond.Decided.class, d -> assertThat(d.decision())
                .isInstanceOfSatisfying(TransformResult.Quarantined.class, q -> assertThat(q.reason()).contains("from 100 to 599")));
    }

    @Test
    void null_is_a_filter_and_a_thrown_error_a_quarantine_with_the_file_and_line() throws IOException {
        assertThat(run("export const transform = () => null;", request("GET", "/", Map.of(), null, new byte[0]), Format.TEXT))
                .isInstanceOfSatisfying(Respond.Decided.class, d -> assertThat(d.decision()).isInstanceOf(TransformResult.Filtered.class));
        assertThat(run("export function transform() {\n  throw new Error('no such patient');\n}",
                request("GET", "/", Map.of(), null, new byte[0]), Format.TEXT))
                .isInstanceOfSatisfying(Respond.Decided.class, d -> assertThat(d.decision())
                        .isInstanceOfSatisfying(TransformResult.Quarantined.class, q -> assertThat(q.reason()).contains("no such patient")));
    }

    @Test
    void a_body_that_is_not_the_interfaces_format_is_unreadable() throws IOException {
        Respond.Result result = run("export const transform = (req) => ({ body: req.body });",
                request("POST", "/", Map.of(), "application/json", "{not json".getBytes(StandardCharsets.UTF_8)), Format.JSON);

        assertThat(result).isInstanceOfSatisfying(Respond.Unreadable.class, u -> assertThat(u.reason())
                .startsWith("the body cannot be read as json"));
    }
}
