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

class ValidateCommandTest {

    @TempDir
    Path project;

    private final StringWriter out = new StringWriter();

    @Test
    void prints_every_problem_relative_to_the_project_and_exits_1() throws IOException {
        write("ductus.yaml", "api:\n  listen: nowhere\n");
        write("interfaces/adt/interface.yaml", """
                source: { type: mllp, listen: 127.0.0.1:6661 }
                format: hl7
                destinations:
                  lab:
                    type: mllp
                    retry: { max_attempts: many }
                """);
        assertThat(validate()).isEqualTo(ExitCodes.FAILED);
        assertThat(out.toString().lines()).containsExactly(
                "ductus.yaml:2:11: api.listen: expected host:port, got 'nowhere'",
                "interfaces/adt/interface.yaml:6:28: destinations.lab.retry.max_attempts: expected a whole number ≥ 1, got 'many'",
                "2 problem(s) in " + project.toAbsolutePath().normalize());
    }

    @Test
    void says_a_good_project_is_valid_and_exits_0() throws IOException {
        write("interfaces/adt/interface.yaml", "source: internal\nformat: text\ndestinations:\n  out: { type: file, path: x }\n");
        assertThat(validate()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("is valid: 1 interface(s)");
    }

    @Test
    void a_missing_folder_is_a_bad_argument() {
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(new StringWriter()));
        assertThat(cli.execute("validate", "--project", project.resolve("nope").toString())).isEqualTo(ExitCodes.BAD_ARGUMENTS);
    }

    private int validate() {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        return cli.execute("validate", "--project", project.toString());
    }

    private void write(String path, String text) throws IOException {
        Path file = project.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
