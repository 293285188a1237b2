package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** The command line's answers to good and bad arguments, without starting an engine. */
class CommandLineTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void distributionHome() throws IOException {
        Files.createDirectories(tmp.resolve("home/examples/quickstart"));
        System.setProperty("ductus.home", tmp.resolve("home").toString());
    }

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            serve --bogus                                 | Unknown option: '--bogus'
            serve --database mysql://db/x                 | --database: expected sqlite:<path> or postgres://
            serve --database sqlite:                      | --database: sqlite: needs a file path
            serve --api-listen 7700                       | --api-listen: expected host:port
            serve --api-listen localhost:99999            | --api-listen: port 99999 is outside 0-65535
            serve --project /no/such/folder               | --project: /no/such/folder is not a folder
            serve --example --project .                   | --example and --project cannot be used together
            validate --project /no/such/folder            | --project: /no/such/folder is not a folder
            test --project /no/such/folder                | --project: /no/such/folder is not a folder
            test one two                                  | Unmatched argument
            frobnicate                                    | Unmatched argument
            """)
    void bad_arguments_get_one_line_and_exit_code_2(String args, String reason) {
        assertThat(run(args.split(" "))).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString().strip()).contains(reason).doesNotContain("\n");
    }

    @Test
    void a_named_command_is_the_only_one_read_and_without_one_every_command_is_there() {
        assertThat(Main.commandLine("serve").getSubcommands()).containsOnlyKeys("serve");
        assertThat(Main.commandLine("pause").getSubcommands()).containsOnlyKeys("pause");
        assertThat(Main.commandLine("--help").getSubcommands()).containsKeys("serve", "validate", "cert", "replay", "version")
                .hasSameSizeAs(Main.commandLine().getSubcommands());
    }

    @Test
    void no_command_is_a_bad_argument() {
        assertThat(run()).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("a command is required");
    }

    @Test
    void help_is_everywhere() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("serve", "validate", "test", "version");
        for (String command : new String[] {"serve", "validate", "test", "version"}) {
            assertThat(run(command, "--help")).isZero();
        }
        assertThat(out.toString()).contains("--api-listen", "--database", "--plugins", "--example", "--project", "--data");
    }

    @Test
    void version_prints_the_release() {
        assertThat(run("version")).isZero();
        assertThat(out.toString()).startsWith("ductus " + Distribution.version() + " (Java ");
    }

    @Test
    void validate_names_file_line_and_field_and_exits_1() throws IOException {
        Path project = tmp.resolve("project");
        Files.createDirectories(project.resolve("interfaces/adt"));
        Files.writeString(project.resolve("ductus.yaml"), "api:\n  listen: nowhere\ndatabase: mysql://x\n");
        Files.writeString(project.resolve("interfaces/adt/interface.yaml"), "source: [unclosed\n");

        assertThat(run("validate", "--project", project.toString())).isEqualTo(ExitCodes.FAILED);

        assertThat(out.toString())
                .contains("ductus.yaml:2:11: api.listen: expected host:port, got 'nowhere'")
                .contains("ductus.yaml:3:11: database: expected sqlite:<path> or postgres://")
                .contains("interfaces/adt/interface.yaml:1:18: not valid YAML")
                .contains("3 problem(s)");
    }

    @Test
    void validate_accepts_a_good_project() throws IOException {
        Path project = tmp.resolve("good");
        Files.createDirectories(project);
        Files.writeString(project.resolve("ductus.yaml"), "api:\n  listen: 127.0.0.1:7800\ndatabase: sqlite:data/x.db\n");

        assertThat(run("validate", "--project", project.toString())).isZero();
        assertThat(out.toString()).contains("is valid");
    }
}
