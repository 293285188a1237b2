package io.ductus.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.script.TestResults.CodeLocation;
import io.ductus.script.TestResults.Failure;
import io.ductus.script.TestResults.FileResult;
import io.ductus.script.TestResults.TestResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Test files of {@code ductus test} as integrators write them: the globals, mocks, decisions and what a failure says. */
class TestFileTest {

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

    @Test
    void a_failed_expectation_shows_expected_actual_and_the_test_files_line() throws IOException {
        write("transform.js", "export const upper = (s) => s.toUpperCase();\n");
        FileResult result = run("""
                import { upper } from '../transform.js';
                test('upper-cases', () => {
                  expect(upper('doe')).toBe('DOE');
                });
                test('compares deeply', () => {
                  expect({ name: upper('doe'), codes: [1, 2] }).toEqual({ name: 'DOE', codes: [1, 3] });
                });
                """);
        assertThat(result.loadFailure()).isEmpty();
        assertThat(result.tests()).extracting(TestResult::name).containsExactly("upper-cases", "compares deeply");
        assertThat(result.tests().get(0).passed()).isTrue();
        Failure failure = failure(result, "compares deeply");
        assertThat(failure.message()).isEqualTo("expect(actual).toEqual(expected)");
        assertThat(failure.expected()).hasValue("{name: \"DOE\", codes: [1, 3]}");
        assertThat(failure.actual()).hasValue("{name: \"DOE\", codes: [1, 2]}");
        assertThat(failure.at()).hasValue(new CodeLocation(testFile(), 6));
        assertThat(failure.thrownAt()).isEmpty();
    }

    @Test
    void not_and_the_other_matchers() throws IOException {
        FileResult result = run("""
                test('all pass', () => {
                  expect('abc').toContain('b');
                  expect([{ a: 1 }, { b: 2 }]).toContain({ b: 2 });
                  expect(null).toBeNull();
                  expect(1).not.toBe(2);
                  expect({ a: 1, b: undefined }).toEqual({ a: 1 });
                  expect(() => { throw new Error('bad code 7'); }).toThrow('code 7');
                  expect(() => 1).not.toThrow();
                  expect('A08').toMatch(/^A0\\d$/);
                  expect([1, 2]).toHaveLength(2);
                });
                test('not fails', () => {
                  expect('x').not.toBe('x');
                });
                test('toThrow fails', () => {
                  expect(() => 42).toThrow(/nope/);
                });
                """);
        assertThat(failures(result)).containsOnlyKeys("not fails", "toThrow fails");
        Failure not = failure(result, "not fails");
        assertThat(not.message()).isEqualTo("expect(actual).not.toBe(expected)");
        assertThat(not.expected()).hasValue("not \"x\"");
        Failure toThrow = failure(result, "toThrow fails");
        assertThat(toThrow.message()).isEqualTo("expect(fn).toThrow(/nope/)");
        assertThat(toThrow.expected()).hasValue("an error with a message matching /nope/");
        assertThat(toThrow.actual()).hasValue("no error (it returned 42)");
    }

    @Test
    void an_unmocked_call_fails_the_test_saying_how_to_mock_it() throws IOException {
        write("transform.js", """
                export function transform(msg) {
                  const rows = db('lab').query('select loinc from codes where local = $1', [msg]);
                  return rows[0]?.loinc ?? 'unknown';
                }
                """);
        FileResult result = run("""
                import { transform } from '../transform.js';
                test('even when the code catches the error', () => {
                  try { transform('GLU'); } catch (e) { /* swallowed */ }
                });
                test('env', () => env('LAB_URL'));
                test('fetch', () => fetch('https://lab.example/api?x=1', { method: 'post', body: {} }));
                """);
        Failure query = failure(result, "even when the code catches the error");
        assertThat(query.message()).isEqualTo("db('lab').query(\"select loinc from codes where local = $1\") is not mocked: "
                + "add mock.db('lab').query(\"select loinc from codes where local = $1\", rows) to the test");
        assertThat(query.at()).hasValue(new CodeLocation(testFile(), 3));
        assertThat(query.thrownAt()).hasValue(new CodeLocation(project.resolve("interfaces/lab/transform.js"), 2));
        assertThat(failure(result, "env").message()).isEqualTo("env('LAB_URL') is not mocked: add mock.env('LAB_URL', 'value') to the test");
        assertThat(failure(result, "fetch").message()).isEqualTo("fetch POST https://lab.example/api?x=1 is not mocked: "
                + "add mock.fetch(\"https://lab.example/api?x=1\", { method: 'POST', status: 200, body: '…' }) to the test");
    }

    @Test
    void mocks_answer_record_their_calls_and_reset_before_each_test() throws IOException {
        write("transform.js", """
                export function transform(code) {
                  const rows = db('lab').query('select loinc\\n  from codes where local = $1', [code]);
                  const { rowsAffected } = db('lab').execute('insert into seen values ($1)', [code]);
                  const r = fetch(env('TERMS') + '/lookup/' + rows[0].loinc, { headers: { authorization: secret('KEY') } });
                  return `${r.json().display} ${rowsAffected} ${r.status}`;
                }
                """);
        FileResult result = run("""
                import { transform } from '../transform.js';
                mock.env('TERMS', 'https://terms.example');      // the top of the file: every test has these
                mock.secret('KEY', 'k-1');
                test('mocked', () => {
                  mock.db('lab').query('select loinc from codes', [{ loinc: '2345-7' }]).execute(/^insert/, 1);
                  mock.fetch(/\\/lookup\\//, { body: { display: 'Glucose' } });
                  expect(transform('GLU')).toBe('Glucose 1 200');
                  expect(mock.db('lab').calls).toEqual([
                    { kind: 'query', sql: 'select loinc\\n  from codes where local = $1', params: ['GLU'] },
                    { kind: 'execute', sql: 'insert into seen values ($1)', params: ['GLU'] }]);
                  expect(mock.fetch.calls[0].url).toBe('https://terms.example/lookup/2345-7');
                  expect(mock.fetch.calls[0].headers).toEqual({ authorization: 'k-1' });
                });
                test('the next test starts with the top-of-file mocks only', () => {
                  expect(mock.db('lab').calls).toEqual([]);
                  expect(mock.fetch.calls).toEqual([]);
                  expect(env('TERMS')).toBe('https://terms.example');
                  expect(() => transform('GLU')).toThrow('not mocked');
                });
                """);
        assertThat(result.tests().get(0).failure()).isEmpty();
        assertThat(failure(result, "the next test starts with the top-of-file mocks only").message())
                .startsWith("db('lab').query(").contains("is not mocked");
    }

    @Test
    void decisions_are_tested_with_matchers_or_run() throws IOException {
        write("transform.js", """
                export function transform(msg) {
                  if (msg.get('MSH-9.2') === 'A08') filter('updates are not sent');
                  if (!msg.get('PID-3.1')) quarantine('no patient id in PID-3.1');
                  if (msg.get('PID-5.1') === 'BUSY') transient('the index is busy');
                  if (msg.get('PID-5.1') === 'NULL') return null;
                  msg.set('PID-5.1', msg.get('PID-5.1').toUpperCase());
                  return msg;
                }
                """);
        FileResult result = run("""
                import { transform } from '../transform.js';
                const adt = (event, pid) => hl7`
                  MSH|^~\\&|HIS|F|IDX|F|20260101||ADT^${event}|1|P|2.5
                  PID|1||${pid}||doe^jane
                `;
                test('matchers', () => {
                  expect(() => transform(adt('A08', '1'))).toFilter('updates');
                  expect(() => transform(adt('A01', ''))).toQuarantine('PID-3.1');
                  expect(() => transform(adt('A01', '1'))).not.toQuarantine();
                  expect(run(transform, adt('A01', '1').set('PID-5.1', 'BUSY'))).toBeTransient(/busy/);
                  expect(run(transform, adt('A01', '1').set('PID-5.1', 'NULL'))).toFilter();
                });
                test('run gives the output', () => {
                  const { output } = run(transform, adt('A01', '7'));
                  expect(output.get('PID-5')).toBe('DOE^jane');
                  expect(output.get('MSH-2')).toBe('^~\\\\&');
                  expect(output).toEqual(`MSH|^~\\\\&|HIS|F|IDX|F|20260101||ADT^A01|1|P|2.5\\nPID|1||7||DOE^jane`);
                });
                test('a decision the test did not expect', () => {
                  transform(adt('A01', ''));
                });
                test('a wrong decision', () => {
                  expect(() => transform(adt('A01', '1'))).toQuarantine();
                });
                """);
        assertThat(failures(result)).containsOnlyKeys("a decision the test did not expect", "a wrong decision");
        Failure unexpected = failure(result, "a decision the test did not expect");
        assertThat(unexpected.message()).isEqualTo(
                "the code called quarantine(\"no patient id in PID-3.1\"); to test it: expect(() => …).toQuarantine() or run(fn, msg)");
        assertThat(unexpected.at()).hasValue(new CodeLocation(testFile(), 20));
        assertThat(unexpected.thrownAt()).hasValue(new CodeLocation(project.resolve("interfaces/lab/transform.js"), 3));
        Failure wrong = failure(result, "a wrong decision");
        assertThat(wrong.message()).isEqualTo("expect(fn).toQuarantine()");
        assertThat(wrong.expected()).hasValue("quarantined");
        assertThat(wrong.actual()).hasValue("output hl7`MSH|^~\\&|HIS|F|IDX|F|20260101||ADT^A01|1|P|2.5\nPID|1||1||DOE^jane`");
    }

    @Test
    void async_tests_and_async_transforms_are_awaited() throws IOException {
        write("transform.js", """
                export async function transform(code) {
                  const r = await fetch('https://terms.example/' + code);
                  return r.text();
                }
                """);
        FileResult result = run("""
                import { transform } from '../transform.js';
                test('passes', async () => {
                  mock.fetch('https://terms.example/GLU', { body: 'Glucose' });
                  expect(await transform('GLU')).toBe('Glucose');
                  expect(await run(transform, 'GLU')).toEqual({ output: 'Glucose' });
                });
                test('fails after an await', async () => {
                  mock.fetch('https://terms.example/K', { body: 'Potassium' });
                  const text = await transform('K');
                  expect(text).toBe('Sodium');
                });
                test('a server error is transient', async () => {
                  mock.fetch(/terms/, { status: 503 });
                  expect(await run(transform, 'K')).toBeTransient('HTTP 503');
                });
                test('never settles', () => new Promise(() => {}));
                """);
        assertThat(failures(result)).containsOnlyKeys("fails after an await", "never settles");
        Failure after = failure(result, "fails after an await");
        assertThat(after.expected()).hasValue("\"Sodium\"");
        assertThat(after.actual()).hasValue("\"Potassium\"");
        assertThat(after.at()).hasValue(new CodeLocation(testFile(), 10));
        assertThat(failure(result, "never settles").message()).contains("never settled");
    }

    @Test
    void a_test_past_the_timeout_is_stopped_and_the_next_one_runs() throws IOException {
        FileResult result = run(Duration.ofMillis(300), """
                test('spins', () => { while (true) {} });
                test('runs after it', () => expect(1).toBe(1));
                """);
        Failure spins = failure(result, "spins");
        assertThat(spins.message()).isEqualTo("stopped after running longer than 300 ms, the interface's timeout (interface.yaml timeout:)");
        assertThat(result.tests().get(1).passed()).isTrue();
    }

    @Test
    void a_file_that_does_not_load_names_the_file_and_line() throws IOException {
        write("transform.js", "export function transform(msg) {\n  return msg +;\n}\n");
        FileResult result = run("import { transform } from '../transform.js';\ntest('never runs', () => {});\n");
        assertThat(result.tests()).isEmpty();
        assertThat(result.failed()).isEqualTo(1);
        Failure failure = result.loadFailure().orElseThrow();
        assertThat(failure.message()).contains("SyntaxError");
        assertThat(failure.thrownAt()).hasValue(new CodeLocation(project.resolve("interfaces/lab/transform.js"), 2));
    }

    @Test
    void console_output_is_kept_with_its_test() throws IOException {
        FileResult result = run("""
                console.log('loading');
                test('one', () => { console.log('in one'); log.warn('careful'); });
                test('two', () => {});
                """);
        assertThat(result.tests().get(0).output()).containsExactly("in one", "careful");
        assertThat(result.tests().get(1).output()).isEmpty();
    }

    @Test
    void the_sandbox_is_the_engines() throws IOException {
        FileResult result = run("""
                test('no host classes', () => expect(() => Java.type('java.lang.System')).toThrow());
                test('no files outside the code folders', async () => {
                  let failed = false;
                  try { await import('/etc/passwd'); } catch (e) { failed = true; }
                  expect(failed).toBe(true);
                });
                test('meta defaults', () => expect(meta({ id: 9 })).toEqual(
                  { id: 9, receivedAt: '2026-01-01T00:00:00Z', interface: 'lab', destination: 'test' }));
                """);
        assertThat(failures(result)).isEmpty();
    }

    private FileResult run(String test) throws IOException {
        return run(Duration.ofSeconds(5), test);
    }

    private FileResult run(Duration timeout, String test) throws IOException {
        write("tests/it.test.js", test);
        Path folder = project.resolve("interfaces/lab");
        return host.loadTests(testFile(), Set.of(folder, project.resolve("lib")), timeout, "lab").run();
    }

    private Path testFile() {
        return project.resolve("interfaces/lab/tests/it.test.js").toAbsolutePath().normalize();
    }

    private static Failure failure(FileResult result, String test) {
        Failure failure = failures(result).get(test);
        assertThat(failure).as("failure of '" + test + "' in " + failures(result).keySet()).isNotNull();
        return failure;
    }

    private static Map<String, Failure> failures(FileResult result) {
        assertThat(result.loadFailure()).as("load failure").isEqualTo(Optional.empty());
        return result.tests().stream().filter(t -> !t.passed())
                .collect(Collectors.toMap(TestResult::name, t -> t.failure().orElseThrow(), (a, b) -> a, java.util.LinkedHashMap::new));
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve("interfaces/lab").resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

}
