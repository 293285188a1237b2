package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ductus test} on projects with passing and failing tests: what it prints and its exit code. */
class TestCommandTest {

    private static final String INTERFACE = "source: internal\nformat: hl7\ndestinations:\n  out: { type: file, path: x }\n";
    private static final String TRANSFORM = """
            export function transform(msg) {
              msg.set('PID-5.1', msg.get('PID-5.1').toUpperCase());
              return msg;
            }
            export function lookup(code) {
              return db('terms').query('select display from codes where code = $1', [code])[0]?.display;
            }
            """;
    private static final String ADT = "const msg = () => hl7`MSH|^~\\&|A|B|C|D|20260101||ADT^A01|1|P|2.5\nPID|1||7||doe^jane`;\n";

    @TempDir
    Path project;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void prints_each_passed_test_and_the_summary_and_exits_0() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        write("interfaces/adt/transform.js", TRANSFORM);
        write("interfaces/adt/tests/names.test.js", "import { transform } from '../transform.js';\n" + ADT + """
                test('upper-cases the family name', () => {
                  expect(transform(msg()).get('PID-5.1')).toBe('DOE');
                });
                test('keeps the given name', () => expect(transform(msg()).get('PID-5.2')).toBe('jane'));
                """);
        assertThat(test()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().lines()).startsWith(
                "interfaces/adt/tests/names.test.js")
                .anyMatch(l -> l.matches("  ✓ upper-cases the family name \\(\\d+ ms\\)"))
                .anyMatch(l -> l.matches("  ✓ keeps the given name \\(\\d+ ms\\)"))
                .anyMatch(l -> l.matches("Tests: 2 passed, 0 failed \\(1 file, \\d+ ms\\)"));
    }

    @Test
    void a_failure_shows_expected_and_actual_at_the_users_line_and_exits_1() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        write("interfaces/adt/transform.js", TRANSFORM);
        write("interfaces/adt/tests/names.test.js", "import { transform } from '../transform.js';\n" + ADT + """
                test('passes', () => expect(1).toBe(1));
                test('wants the wrong name', () => {
                  const out = transform(msg());
                  expect(out.get('PID-5.1')).toBe('ROE');
                });
                """);
        assertThat(test()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).containsSubsequence(
                "  ✗ wants the wrong name (",
                "      expect(actual).toBe(expected)\n",
                "      expected: \"ROE\"\n",
                "      actual:   \"DOE\"\n",
                "      at interfaces/adt/tests/names.test.js:7\n",
                "Tests: 1 passed, 1 failed (1 file, ");
    }

    @Test
    void an_unmocked_call_fails_saying_how_to_mock_it_and_mocks_reset_between_tests() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        write("interfaces/adt/transform.js", TRANSFORM);
        write("interfaces/adt/tests/lookup.test.js", """
                import { lookup } from '../transform.js';
                test('mocked', () => {
                  mock.db('terms').query(/from codes/, [{ display: 'Glucose' }]);
                  expect(lookup('GLU')).toBe('Glucose');
                  expect(mock.db('terms').calls[0].params).toEqual(['GLU']);
                });
                test('the mock of the test before is gone', () => {
                  expect(lookup('GLU')).toBe('Glucose');
                });
                """);
        assertThat(test()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).containsSubsequence(
                "  ✓ mocked (",
                "  ✗ the mock of the test before is gone (",
                "      db('terms').query(\"select display from codes where code = $1\") is not mocked: "
                        + "add mock.db('terms').query(\"select display from codes where code = $1\", rows) to the test\n",
                "      at interfaces/adt/tests/lookup.test.js:8\n",
                "      thrown at interfaces/adt/transform.js:6\n",
                "Tests: 1 passed, 1 failed");
    }

    @Test
    void async_tests_are_awaited() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        write("interfaces/adt/transform.js", """
                export async function transform(code) {
                  const r = await fetch(`https://terms.example/${code}`);
                  return r.json().display;
                }
                """);
        write("interfaces/adt/tests/async.test.js", """
                import { transform } from '../transform.js';
                test('awaits the lookup', async () => {
                  mock.fetch('https://terms.example/GLU', { body: { display: 'Glucose' } });
                  expect(await transform('GLU')).toBe('Glucose');
                });
                test('fails after the await', async () => {
                  mock.fetch(/terms/, { body: { display: 'Potassium' } });
                  expect(await transform('K')).toBe('Sodium');
                });
                """);
        assertThat(test()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).containsSubsequence(
                "  ✓ awaits the lookup (",
                "  ✗ fails after the await (",
                "      expected: \"Sodium\"\n",
                "      actual:   \"Potassium\"\n",
                "      at interfaces/adt/tests/async.test.js:8\n",
                "Tests: 1 passed, 1 failed");
    }

    @Test
    void runs_only_the_named_interface() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        write("interfaces/adt/tests/a.test.js", "test('adt', () => {});\n");
        write("interfaces/lab/interface.yaml", INTERFACE);
        write("interfaces/lab/tests/b.test.js", "test('lab', () => expect(1).toBe(2));\n");
        assertThat(test("adt")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("interfaces/adt/tests/a.test.js", "Tests: 1 passed, 0 failed")
                .doesNotContain("lab");
    }

    @Test
    void a_file_that_does_not_load_counts_as_failed() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        write("interfaces/adt/transform.js", "export function transform(msg) {\n  return msg +;\n}\n");
        write("interfaces/adt/tests/a.test.js", "import { transform } from '../transform.js';\ntest('never runs', () => {});\n");
        assertThat(test()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).containsSubsequence(
                "  ✗ the file does not load\n",
                "SyntaxError",
                "      at interfaces/adt/transform.js:2\n",
                "Tests: 0 passed, 1 failed");
    }

    @Test
    void an_unknown_interface_is_a_bad_argument() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        assertThat(test("nope")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("test: no interface 'nope' in " + project.toAbsolutePath().normalize() + " (it has adt)");
    }

    @Test
    void a_project_with_problems_runs_no_tests_and_exits_1() throws IOException {
        write("interfaces/adt/interface.yaml", "source: internal\nformat: hl7\n");
        write("interfaces/adt/tests/a.test.js", "test('adt', () => {});\n");
        assertThat(test()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).contains("interfaces/adt/interface.yaml", "1 problem(s) in ").doesNotContain("Tests:");
    }

    @Test
    void no_tests_found_exits_1() throws IOException {
        write("interfaces/adt/interface.yaml", INTERFACE);
        assertThat(test()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString()).contains("No tests found: write them in interfaces/<name>/tests/*.test.js");
    }

    @Test
    void the_quickstart_examples_tests_pass() {
        CommandLine cli = cli();
        assertThat(cli.execute("test", "--project", Path.of("../examples/quickstart").toString())).as(out.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("interfaces/adt-in/tests/patient-index.test.js").containsPattern("Tests: \\d+ passed, 0 failed");
    }

    private int test(String... args) {
        String[] command = new String[args.length + 3];
        command[0] = "test";
        command[1] = "--project";
        command[2] = project.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        return cli().execute(command);
    }

    private CommandLine cli() {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli;
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
