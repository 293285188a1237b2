package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.project.Format;
import io.ductus.script.ScriptServices.FetchRequest;
import io.ductus.script.ScriptServices.FetchResponse;
import io.ductus.script.ScriptServices.ServiceException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** db(), fetch(), env(), secret() as interface code sees them, over services that record what they were asked. */
class ServicesTest {

    private static final Map<String, Object> META = Map.of("id", 1L, "interface", "lab", "destination", "ehr",
            "receivedAt", "2026-11-30T00:00:00Z", "origin", "test");

    private static ScriptHost host;

    @TempDir
    Path project;

    private final RecordingServices services = new RecordingServices();

    @BeforeAll
    static void startHost() {
        host = ScriptHost.start();
    }

    @AfterAll
    static void stopHost() {
        host.close();
    }

    @Test
    void db_query_binds_parameters_and_gives_plain_rows() throws IOException {
        services.rows = List.of(row("code", "2345-7", "factor", 1.5), row("code", "2823-3", "factor", null));
        TransformResult result = run("""
                export function transform(msg) {
                  const rows = db('lab').query('select code, factor from codes where local = $1 and active = $2', [msg, true]);
                  return JSON.stringify(rows) + ' ' + Array.isArray(rows) + ' ' + Object.keys(rows[0]).join('+');
                }
                """, "GLU");
        assertThat(output(result)).isEqualTo("[{\"code\":\"2345-7\",\"factor\":1.5},{\"code\":\"2823-3\",\"factor\":null}] true code+factor");
        assertThat(services.calls).containsExactly("query lab select code, factor from codes where local = $1 and active = $2 [GLU, true]");
    }

    @Test
    void db_execute_reports_rows_affected() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  const { rowsAffected } = db('audit').execute('insert into seen(id, n) values ($1, $2)', [msg, 42]);
                  return String(rowsAffected);
                }
                """, "A1");
        assertThat(output(result)).isEqualTo("1");
        assertThat(services.calls).containsExactly("execute audit insert into seen(id, n) values ($1, $2) [A1, 42]");
    }

    @Test
    void objects_as_parameters_are_refused_naming_the_position() throws IOException {
        TransformResult result = run("""
                export function transform(msg) {
                  return db('lab').query('select 1 where $1', [{ nested: true }]).length;
                }
                """, "x");
        assertThat(result).isInstanceOf(TransformResult.Quarantined.class);
        assertThat(((TransformResult.Quarantined) result).reason()).contains("parameter 1").contains("(transform.js:2)");
        assertThat(services.calls).isEmpty();
    }

    @Test
    void a_database_that_is_down_makes_the_message_wait_and_a_bad_query_quarantines_it() throws IOException {
        services.failure = new ServiceException("connection refused", true);
        TransformResult down = run("export function transform() { return db('lab').query('select 1').length; }\n", "x");
        assertThat(down).isInstanceOf(TransformResult.Transient.class);
        assertThat(((TransformResult.Transient) down).reason()).contains("db('lab').query: connection refused");

        services.failure = new ServiceException("no such table: codes", false);
        TransformResult bad = run("export function transform() {\n  return db('lab').query('select * from codes').length;\n}\n", "x");
        assertThat(bad).isInstanceOf(TransformResult.Quarantined.class);
        assertThat(((TransformResult.Quarantined) bad).reason()).contains("no such table: codes").contains("(transform.js:2)");
    }

    @Test
    void fetch_sends_json_and_reads_the_answer() throws IOException {
        services.response = new FetchResponse(200, Map.of("content-type", "application/json"), "{\"mrn\":\"M-9\"}".getBytes(StandardCharsets.UTF_8));
        TransformResult result = run("""
                export async function transform(msg) {
                  const r = await fetch('https://mpi.example.org/lookup', { method: 'post', body: { id: msg }, headers: { 'x-app': 'ductus' } });
                  const body = await r.json();
                  return r.status + ' ' + r.ok + ' ' + body.mrn + ' ' + r.headers['content-type'];
                }
                """, "42");
        assertThat(output(result)).isEqualTo("200 true M-9 application/json");
        FetchRequest sent = services.requests.get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(new String(sent.body(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":\"42\"}");
        assertThat(sent.headers()).containsEntry("content-type", "application/json").containsEntry("x-app", "ductus");
        assertThat(sent.timeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void fetch_answers_503_429_and_408_make_the_message_wait_without_showing_the_query() throws IOException {
        for (int status : new int[] {503, 429, 408}) {
            services.response = new FetchResponse(status, Map.of(), new byte[0]);
            TransformResult result = run("export function transform() { return fetch('https://u:pw@mpi.example.org/x?token=abc').text(); }\n", "1");
            assertThat(result).as("status %d", status).isInstanceOf(TransformResult.Transient.class);
            assertThat(((TransformResult.Transient) result).reason())
                    .contains("HTTP " + status).contains("https://mpi.example.org/x").doesNotContain("abc").doesNotContain("pw");
        }
    }

    @Test
    void fetch_with_retry_off_hands_every_status_to_the_code() throws IOException {
        services.response = new FetchResponse(503, Map.of(), "busy".getBytes(StandardCharsets.UTF_8));
        TransformResult result = run("export function transform() { const r = fetch('http://x/', { retry: false }); return r.status + r.text(); }\n", "1");
        assertThat(output(result)).isEqualTo("503busy");
    }

    @Test
    void a_404_is_an_answer_not_an_error() throws IOException {
        services.response = new FetchResponse(404, Map.of(), new byte[0]);
        TransformResult result = run("export function transform() { const r = fetch('http://x/'); return r.ok ? 'found' : 'missing ' + r.status; }\n", "1");
        assertThat(output(result)).isEqualTo("missing 404");
    }

    @Test
    void a_timeout_shorter_than_the_interfaces_is_kept_and_a_longer_one_is_cut() throws IOException {
        services.response = new FetchResponse(200, Map.of(), new byte[0]);
        run("export function transform() { fetch('http://x/', { timeout: 250 }); fetch('http://x/', { timeout: 60000 }); return 'ok'; }\n", "1");
        assertThat(services.requests).extracting(FetchRequest::timeout).containsExactly(Duration.ofMillis(250), Duration.ofSeconds(5));
    }

    @Test
    void fetch_hands_the_certificates_its_tls_option_names_to_the_engine() throws IOException {
        services.response = new FetchResponse(200, Map.of(), new byte[0]);
        run("export function transform() { fetch('https://x/', { tls: { ca: 'hospital-ca', certificate: 'ductus-client' } });"
                + " fetch('https://x/'); return 'ok'; }\n", "1");
        assertThat(services.requests).extracting(FetchRequest::tlsCa).containsExactly("hospital-ca", null);
        assertThat(services.requests).extracting(FetchRequest::tlsCertificate).containsExactly("ductus-client", null);
    }

    @Test
    void env_and_secret_read_what_the_engine_allows() throws IOException {
        TransformResult result = run("export function transform() { return env('FACILITY') + '/' + secret('API_KEY'); }\n", "1");
        assertThat(output(result)).isEqualTo("LAB1/s3cr3t");
        TransformResult unknown = run("export function transform() {\n  return secret('NOPE');\n}\n", "1");
        assertThat(((TransformResult.Quarantined) unknown).reason()).contains("secret('NOPE')").contains("no secret NOPE").contains("(transform.js:2)");
    }

    @Test
    void without_services_every_call_says_it_is_not_available() throws IOException {
        write("export function transform() { return env('X'); }\n");
        try (ScriptContext context = host.load(project.resolve("interfaces/lab/transform.js"), Set.of(project), Duration.ofSeconds(5)).newContext()) {
            TransformResult result = Transform.run(context, "transform", "1".getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Format.TEXT, META);
            assertThat(((TransformResult.Quarantined) result).reason()).contains("env('X'): env('X') is not available here");
        }
    }

    @Test
    void services_cannot_be_replaced_by_interface_code() throws IOException {
        TransformResult result = run("""
                export function transform() {
                  try { globalThis.db = () => 'mine'; } catch (e) { /* strict mode: read-only */ }
                  return typeof db('lab').query;
                }
                """, "1");
        assertThat(output(result)).isEqualTo("function");
    }

    @Test
    void log_writes_to_the_engine_log() throws IOException {
        TransformResult result = run("export function transform() { log.info('seen', 1); log.warn('careful'); log.error('bad'); return 'ok'; }\n", "1");
        assertThat(output(result)).isEqualTo("ok");
    }

    private TransformResult run(String code, String payload) throws IOException {
        write(code);
        InterfaceScript script = host.load(project.resolve("interfaces/lab/transform.js"), Set.of(project), Duration.ofSeconds(5), services);
        try (ScriptContext context = script.newContext()) {
            return Transform.run(context, "transform", payload.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Format.TEXT, META);
        }
    }

    private void write(String code) throws IOException {
        Path file = project.resolve("interfaces/lab/transform.js");
        Files.createDirectories(file.getParent());
        Files.writeString(file, code);
    }

    private static String output(TransformResult result) {
        assertThat(result).isInstanceOf(TransformResult.Output.class);
        return new String(((TransformResult.Output) result).payload(), StandardCharsets.UTF_8);
    }

    private static Map<String, Object> row(Object... pairs) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) row.put((String) pairs[i], pairs[i + 1]);
        return row;
    }

    /** Answers as told and records every call. */
    private static final class RecordingServices implements ScriptServices {
        final List<String> calls = new ArrayList<>();
        final List<FetchRequest> requests = new ArrayList<>();
        List<Map<String, Object>> rows = List.of();
        FetchResponse response;
        ServiceException failure;

        @Override
        public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
            if (failure != null) throw failure;
            calls.add("query " + database + " " + sql + " " + parameters);
            return rows;
        }

        @Override
        public long execute(String database, String sql, List<Object> parameters) {
            if (failure != null) throw failure;
            calls.add("execute " + database + " " + sql + " " + parameters);
            return 1;
        }

        @Override
        public FetchResponse fetch(FetchRequest request) {
            requests.add(request);
            return response;
        }

        @Override
        public String variable(String name) {
            if (name.equals("FACILITY")) return "LAB1";
            throw new ServiceException(name + " is not a variable", false);
        }

        @Override
        public String secret(String name) {
            if (name.equals("API_KEY")) return "s3cr3t";
            throw new ServiceException("no secret " + name, false);
        }
    }
}
